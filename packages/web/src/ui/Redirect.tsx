import { useEffect, type ReactNode } from 'react';
import { useRouter } from '../router/Router';

/** Replaces the current location with `to` once rendered (no history entry). */
export function Redirect({ to }: { to: string }): ReactNode {
  const router = useRouter();
  useEffect(() => {
    void router.navigate(to, { replace: true });
  }, [router, to]);
  return null;
}
