export { SecondStepForm } from './SecondStepForm'
export { SignInEnrolment } from './SignInEnrolment'
export { TwoStepDialog } from './TwoStepDialog'
export { ResetTwoStepButton } from './ResetTwoStepButton'
