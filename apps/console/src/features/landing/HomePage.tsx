import { BRANDS_TRUSTED, LABEL, SALES_EMAIL } from '@atk/contract';
import { PlayerLaunchButton } from '../../components/PlayerLaunchButton.tsx';
import { PublicFooter } from '../../components/PublicFooter.tsx';
import { PublicHeader } from '../../components/PublicHeader.tsx';

const LEARN_HOW_MAIL = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('How does ATK Player work?')}`;
const CONTACT_SALES_MAIL = `mailto:${SALES_EMAIL}`;

const FEATURES = [
  {
    title: 'Instant, sample-locked switching',
    text: 'Visitors pick a song and an instrument, then switch between your products while it plays: no restart, no gap.',
  },
  {
    title: 'Level-matched and fair',
    text: 'Every version is measured and matched in loudness, so the comparison is about tone, not volume.',
  },
  {
    title: 'Blind mode',
    text: 'Hide the names, let the ears decide, then reveal. A listening test your customers will remember.',
  },
  {
    title: 'One line on any page',
    text: 'A small script and one element. Works with your own site, website builders, blogs and online stores.',
  },
];

/** The public landing page. */
export function HomePage() {
  return (
    <div className="landing">
      <section className="landing-hero">
        <PublicHeader dark />
        <div className="landing-hero__body">
          <p className="landing-hero__eyebrow">The audio-sample player for pro audio brands</p>
          <h1 className="landing-hero__title">Let your customers hear the difference.</h1>
          <p className="landing-hero__lead">
            ATK Player puts your products side by side on your own web pages. Your customers play real recordings,
            switch between products in an instant and hear what makes yours sound the way it does.
          </p>
          <div className="landing-hero__actions">
            <PlayerLaunchButton kind="landing_instance" />
            <a className="link-button link-button--light" href={LEARN_HOW_MAIL}>
              {LABEL.learnHow}
            </a>
            <a className="link-button link-button--ghost-light" href={CONTACT_SALES_MAIL}>
              {LABEL.contactSales}
            </a>
          </div>
        </div>
      </section>

      <section className="landing-trust" aria-label="Customers">
        <p data-testid="brands-trusted">trusted by {BRANDS_TRUSTED} pro audio brands</p>
      </section>

      <section className="landing-features" aria-label="Features">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="landing-feature">
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </article>
        ))}
      </section>

      <section className="landing-cta">
        <h2>Ready to put your sound on every product page?</h2>
        <p>Tell us about your brand and we will set up your first player with you.</p>
        <a className="link-button" href={CONTACT_SALES_MAIL}>
          {LABEL.contactSales}
        </a>
      </section>
      <PublicFooter />
    </div>
  );
}
