import { LoadingOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { launchPlayer, MOBILE_PLAYER_TAG, PLAYER_TAG } from '@atk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createElement, useEffect, useId, useRef } from 'react';
import { landingApi, landingKeys } from '../features/landing/api.ts';

export const PLAYER_NOT_CONFIGURED = 'Player not configured yet';
export const LAUNCH_PLAYER = 'LAUNCH PLAYER';

type Kind = 'landing_instance' | 'mobile_landing_instance';

/** The mobile widget's loader, added to the page once (the console's index.html loads only the desktop one). */
const MOBILE_SCRIPT = '/player/atk-mobile.js';
function loadMobileWidget() {
  if (document.querySelector(`script[src="${MOBILE_SCRIPT}"]`)) return;
  const script = document.createElement('script');
  script.src = MOBILE_SCRIPT;
  script.defer = true;
  document.head.append(script);
}

/** The landing instance setting's query (also prefetched by the mobile app before its first render). */
export const launchSettingQuery = (kind: Kind) =>
  queryOptions({
    queryKey: landingKeys.instance(kind),
    queryFn: () => landingApi.instance(kind),
    staleTime: 60_000,
  });

/**
 * Reads the landing instance setting and launches the page's player with it (instance id, status show): the
 * `<atk-player>` element for the landing page, the `<atk-mobile-player>` widget for /mobile. Disabled until the
 * setting names an instance.
 */
export function usePlayerLaunch(kind: Kind) {
  const setting = useQuery(launchSettingQuery(kind));
  const instanceId = setting.data?.content?.instance?._id ?? null;
  return { instanceId, loading: setting.isPending };
}

/**
 * The launch button of the public landing pages. Drawn without antd (styles.css `.launch-button`, antd's large
 * primary button on the pages' dark background, icons from @ant-design/icons): /mobile is opened on slow phones and
 * starts without antd (main.tsx), so this button must not bring it in.
 */
export function PlayerLaunchButton({ kind }: { kind: Kind }) {
  const { instanceId, loading } = usePlayerLaunch(kind);
  const playerRef = useRef<HTMLElement | null>(null);
  const tooltipId = useId();
  const tag = kind === 'mobile_landing_instance' ? MOBILE_PLAYER_TAG : PLAYER_TAG;
  useEffect(() => {
    if (kind === 'mobile_landing_instance') loadMobileWidget();
  }, [kind]);

  const launch = () => {
    const element = playerRef.current ?? document.querySelector(tag);
    if (element && instanceId) launchPlayer(element, { instanceId, status: 'show' });
  };
  const notConfigured = !instanceId && !loading;

  const button = (
    <button
      type="button"
      className={loading ? 'launch-button launch-button--loading' : 'launch-button'}
      disabled={!instanceId}
      aria-describedby={notConfigured ? tooltipId : undefined}
      onClick={launch}
      data-testid="launch-player"
    >
      <span className="launch-button__icon">{loading ? <LoadingOutlined spin /> : <PlayCircleOutlined />}</span>
      <span>{LAUNCH_PLAYER}</span>
    </button>
  );

  return (
    <>
      {notConfigured ? (
        // The tooltip shows on hover (and a tap) of the wrapper: a disabled button gets no pointer events.
        <span className="launch-wrap" data-testid="launch-player-wrap">
          {button}
          <span className="launch-wrap__tooltip" role="tooltip" id={tooltipId}>
            {PLAYER_NOT_CONFIGURED}
          </span>
        </span>
      ) : (
        button
      )}
      {createElement(tag, { ref: playerRef })}
    </>
  );
}
