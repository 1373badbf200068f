import { LoginPage } from '../../features/auth/components/login-page';

export default function LoginRoute() {
  return (
    <>
      <title>Sign in · Reelhouse</title>
      <LoginPage />
    </>
  );
}
