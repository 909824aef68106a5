/** The public pages, loaded as one chunk. */
export { LoginPage } from './auth/LoginPage.tsx';
export { RecoverPage } from './auth/RecoverPage.tsx';
export { ResetPasswordPage } from './auth/ResetPasswordPage.tsx';
export { SignUpPage } from './auth/SignUpPage.tsx';
export { HomePage } from './landing/HomePage.tsx';
export { MobilePage } from './landing/MobilePage.tsx';
export { PrivacyPage } from './legal/PrivacyPage.tsx';
export { TermsPage } from './legal/TermsPage.tsx';
