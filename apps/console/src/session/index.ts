export { isBrandPending, useBrandPending } from './brandPending.ts';
export type { Session } from './context.ts';
export * from './paths.ts';
export { tokenStore } from './tokenStore.ts';
export { useSession } from './useSession.ts';
