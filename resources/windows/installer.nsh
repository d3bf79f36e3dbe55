; Registers admin-console:// for every user when the app is installed, so a password-reset
; link opens the console even before its first launch; removed again on uninstall.
!macro customInstall
  WriteRegStr HKLM "Software\Classes\admin-console" "" "URL:Admin Console reset link"
  WriteRegStr HKLM "Software\Classes\admin-console" "URL Protocol" ""
  WriteRegStr HKLM "Software\Classes\admin-console\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr HKLM "Software\Classes\admin-console\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey HKLM "Software\Classes\admin-console"
!macroend
