import { useContext } from 'react';
import { type Session, SessionContext } from './context.ts';

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
