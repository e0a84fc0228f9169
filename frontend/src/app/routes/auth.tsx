import { SignInPage } from '@/features/auth/components/sign-in-page';

export function Component() {
  return <SignInPage variant="admin" />;
}
