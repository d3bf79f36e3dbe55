import js from '@eslint/js'
import globals from 'globals'
import formatjs from 'eslint-plugin-formatjs'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Screens whose texts are not in the catalogues yet: this list only shrinks. */
const UNTRANSLATED = [
  'src/renderer/src/features/access/AccessCard.tsx',
  'src/renderer/src/features/access/AccessDialog.tsx',
  'src/renderer/src/features/access/AccessPage.tsx',
  'src/renderer/src/features/access/MembersDialog.tsx',
  'src/renderer/src/features/access/access-columns.tsx',
  'src/renderer/src/features/audit/AuditFilters.tsx',
  'src/renderer/src/features/audit/AuditPage.tsx',
  'src/renderer/src/features/audit/audit-columns.tsx',
  'src/renderer/src/features/dashboard/DashboardPage.tsx',
  'src/renderer/src/features/dashboard/ModuleCard.tsx',
  'src/renderer/src/features/dashboard/ModuleSearch.tsx',
  'src/renderer/src/features/dashboard/StatCard.tsx',
  'src/renderer/src/features/events/EventsPage.tsx',
  'src/renderer/src/features/second-factor/EnrolmentForm.tsx',
  'src/renderer/src/features/second-factor/RecoveryCodesPanel.tsx',
  'src/renderer/src/features/second-factor/ResetTwoStepButton.tsx',
  'src/renderer/src/features/second-factor/SecondStepForm.tsx',
  'src/renderer/src/features/second-factor/SignInEnrolment.tsx',
  'src/renderer/src/features/second-factor/TwoStepDialog.tsx',
  'src/renderer/src/features/sessions/SessionsCard.tsx',
  'src/renderer/src/features/temporary-password/TemporaryPasswordDialog.tsx',
  'src/renderer/src/features/user-details/AssignmentCard.tsx',
  'src/renderer/src/features/user-details/ConflictNotice.tsx',
  'src/renderer/src/features/user-details/HistoryCard.tsx',
  'src/renderer/src/features/user-details/ProfileCard.tsx',
  'src/renderer/src/features/user-details/QuickActionsCard.tsx',
  'src/renderer/src/features/user-details/UnsavedChangesGuard.tsx',
  'src/renderer/src/features/user-details/UserDetailsPage.tsx',
  'src/renderer/src/features/user-details/UserDetailsView.tsx',
  'src/renderer/src/features/user-details/UserHeader.tsx',
  'src/renderer/src/features/user-details/UserNotFound.tsx',
  'src/renderer/src/features/users/AddUserDialog.tsx',
  'src/renderer/src/features/users/AssignAccessDialog.tsx',
  'src/renderer/src/features/users/ColumnsMenu.tsx',
  'src/renderer/src/features/users/ResetPasswordDialog.tsx',
  'src/renderer/src/features/users/UserFilters.tsx',
  'src/renderer/src/features/users/UsersPage.tsx',
  'src/renderer/src/features/users/bulk/BulkBar.tsx',
  'src/renderer/src/features/users/bulk/BulkDialogs.tsx',
  'src/renderer/src/features/users/bulk/selection-column.tsx',
  'src/renderer/src/features/users/dormant/DormantNotice.tsx',
  'src/renderer/src/features/users/export/ExportProgressBar.tsx',
  'src/renderer/src/features/users/export/PrintReport.tsx',
  'src/renderer/src/features/users/import/ImportDialog.tsx',
  'src/renderer/src/features/users/user-columns.tsx',
]

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', '.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Rules that need the types: a promise nobody awaits or catches (the server starts
    // background work), a promise where a plain value is expected, a switch missing a case.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A `default` is a deliberate answer for the cases it covers.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Every text the renderer shows comes from the message catalogues (issue 59): a literal in
    // JSX, or in a prop that is shown or read out, is an error.
    files: ['src/renderer/**/*.tsx'],
    ignores: UNTRANSLATED,
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,*Label,message,heading,description,placeholder}']] } },
      ],
    },
  },
  {
    // Test doubles read loosely typed JSON answers.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
