import { BRANDS_TRUSTED, LABEL, SALES_EMAIL } from '@atk/contract';
import { Link } from 'react-router';
import { Copyright } from '../../components/Copyright.tsx';
import { Logo } from '../../components/Logo.tsx';
import { PlayerLaunchButton } from '../../components/PlayerLaunchButton.tsx';

/**
 * The mobile landing page: the mobile widget launched with the mobile landing instance. The
 * launch button stays disabled until the setting has loaded and names an instance.
 */
export function MobilePage() {
  return (
    <div className="mobile-landing">
      <header className="mobile-landing__header">
        <Link to="/home" aria-label="ATK Player home">
          <Logo height={34} inverted />
        </Link>
      </header>
      <main className="mobile-landing__body">
        <h1>Hear the difference, right on your phone.</h1>
        <p>
          Compare real recordings of pro audio gear. Pick a song, pick an instrument, and switch between products while
          it plays.
        </p>
        <PlayerLaunchButton kind="mobile_landing_instance" />
        <p className="mobile-landing__trust">trusted by {BRANDS_TRUSTED} pro audio brands</p>
        <a className="link-button link-button--ghost-light" href={`mailto:${SALES_EMAIL}`}>
          {LABEL.contactSales}
        </a>
      </main>
      <footer className="mobile-landing__footer">
        <Copyright />
      </footer>
    </div>
  );
}
