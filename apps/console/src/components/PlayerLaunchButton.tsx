import { PlayCircleOutlined } from '@ant-design/icons';
import { launchPlayer, MOBILE_PLAYER_TAG, PLAYER_TAG } from '@atk/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { createElement, useEffect, useRef } from 'react';
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

/**
 * Reads the landing instance setting and launches the page's player with it (instance id, status show): the
 * `<atk-player>` element for the landing page, the `<atk-mobile-player>` widget for /mobile. Disabled until the
 * setting names an instance (spec 1 §2, §7).
 */
export function usePlayerLaunch(kind: Kind) {
  const setting = useQuery({
    queryKey: landingKeys.instance(kind),
    queryFn: () => landingApi.instance(kind),
    staleTime: 60_000,
  });
  const instanceId = setting.data?.content?.instance?._id ?? null;
  return { instanceId, loading: setting.isPending };
}

export function PlayerLaunchButton({ kind, size = 'large' }: { kind: Kind; size?: 'large' | 'middle' }) {
  const { instanceId, loading } = usePlayerLaunch(kind);
  const playerRef = useRef<HTMLElement | null>(null);
  const tag = kind === 'mobile_landing_instance' ? MOBILE_PLAYER_TAG : PLAYER_TAG;
  useEffect(() => {
    if (kind === 'mobile_landing_instance') loadMobileWidget();
  }, [kind]);

  const launch = () => {
    const element = playerRef.current ?? document.querySelector(tag);
    if (element && instanceId) launchPlayer(element, { instanceId, status: 'show' });
  };

  const button = (
    <Button
      type="primary"
      size={size}
      icon={<PlayCircleOutlined />}
      disabled={!instanceId}
      loading={loading}
      onClick={launch}
      data-testid="launch-player"
    >
      {LAUNCH_PLAYER}
    </Button>
  );

  return (
    <>
      {!instanceId && !loading ? (
        <Tooltip title={PLAYER_NOT_CONFIGURED}>
          <span className="launch-wrap" data-testid="launch-player-wrap">
            {button}
          </span>
        </Tooltip>
      ) : (
        button
      )}
      {createElement(tag, { ref: playerRef })}
    </>
  );
}
