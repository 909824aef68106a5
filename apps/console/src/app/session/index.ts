export * from './paths.ts';
export { type Session, SessionProvider } from './SessionProvider.tsx';
export { tokenStore } from './tokenStore.ts';
export { useSession } from './useSession.ts';
