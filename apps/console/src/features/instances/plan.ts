import { type GatedFeature, type InstanceFeatures, LABEL, type Subscription } from '@atk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userKeys, usersApi } from '../../session/api.ts';
import { useSession } from '../../session/index.ts';

export const FEATURE_LABELS: Record<keyof InstanceFeatures, string> = {
  listening_guide: LABEL.tabListeningGuide,
  discography: LABEL.tabDiscography,
  frequency_graphs: LABEL.featureFrequencyGraphs,
  tech_specs: LABEL.tabTechSpecs,
  images: LABEL.tabImages,
  products_in_player: LABEL.featureProductsInPlayer,
  atk_songs: LABEL.featureAtkSongs,
  other_brands_products: LABEL.featureOtherBrandsProducts,
  my_audio: LABEL.featureMyAudio,
  listener_votes: LABEL.featureListenerVotes,
  abx_test: LABEL.featureAbxTest,
  display_price: LABEL.featureDisplayPrice,
  /** Not in the spec (the contract's `utm_tags`): the player tags its buy links for the shop's analytics. */
  utm_tags: 'UTM tags on buy links',
};

/** How the upgrade dialog names a feature: a maximum is refused only for No limit, so it says so. */
export const gatedName = (feature: GatedFeature): string =>
  feature === 'products_in_player' || feature === 'atk_songs'
    ? `${FEATURE_LABELS[feature]}: ${LABEL.noLimit}`
    : FEATURE_LABELS[feature];

/**
 * The subscription the server holds the signed-in customer's instances to (GET /users/info carries it, docs/api.md
 * "Whose subscription"), read again whenever a screen using it opens, so a grant an operator made meanwhile shows.
 * Operators have none (their user info carries no subscription): for them the server's 402 decides.
 * `fresh` reads it once more right before a save; a failed read answers what is known.
 */
export function usePlan() {
  const { token, role } = useSession();
  const queryClient = useQueryClient();
  const customer = role === 'customer';
  const info = useQuery({
    queryKey: userKeys.info(token),
    queryFn: ({ signal }) => usersApi.info({ signal }),
    enabled: customer,
    refetchOnMount: 'always',
  });
  const subscription: Subscription | undefined = customer ? info.data?.subscription : undefined;
  const fresh = useCallback(async (): Promise<Subscription | undefined> => {
    if (!customer) return undefined;
    try {
      return (
        await queryClient.fetchQuery({ queryKey: userKeys.info(token), queryFn: () => usersApi.info(), staleTime: 0 })
      ).subscription;
    } catch {
      return subscription;
    }
  }, [customer, queryClient, token, subscription]);
  return { subscription, fresh };
}
