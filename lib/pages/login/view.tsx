import { ForgotPasswordPage, LoginPage, SetPasswordPage } from '@/components/owner/login-page';
import type { View } from '../kind';
import type { ForgotPasswordRoute, LoginRoute, SetPasswordRoute } from './kind';

export const LoginView: View<LoginRoute> = ({ language }) => <LoginPage language={language} />;
export const ForgotPasswordView: View<ForgotPasswordRoute> = ({ language }) => <ForgotPasswordPage language={language} />;
export const SetPasswordView: View<SetPasswordRoute> = ({ language }) => <SetPasswordPage language={language} />;
