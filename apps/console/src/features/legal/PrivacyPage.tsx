import { LABEL, PRIVACY_EMAIL, VISITOR_ID_MAX_MONTHS } from '@atk/contract';
import { Link } from 'react-router';
import { LegalLayout } from './LegalLayout.tsx';
import { TERMS_DATE } from './TermsPage.tsx';

const privacyMail = <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>;

/**
 * How long the player's data is kept (docs/api.md "What the statistics store, and for how long"): raw events
 * STATS_RAW_DAYS, whose default (apps/server/src/config.ts) this page states; visitor rows idle this many months are
 * deleted by the server's daily upkeep.
 */
const RAW_EVENT_DAYS = 400;
const IDLE_VISITOR_MONTHS = 25;

/**
 * Privacy Policy, with the visitor header: a static page (no operator-edited content), so its text is here. What the
 * player keeps of its visitors (section 2), for how long (6) and how to erase it (7) follow docs/api.md "What the
 * statistics store, and for how long".
 */
export function PrivacyPage() {
  return (
    <LegalLayout title={LABEL.privacyPolicy} updated={TERMS_DATE}>
      <p>
        This Privacy Policy explains how ATK Player (“ATK Player”, “we”, “us”) collects, uses, shares and protects
        personal data when you visit our website, use the ATK Player console, or listen to products through an ATK
        Player widget embedded on a brand’s web page. It also explains the rights you have and how to use them.
      </p>

      <h2>1. Who is responsible</h2>
      <p>
        ATK Player is the controller of the personal data of the users of our website and console. When a brand embeds
        our player on its own pages, we process the listening data of that page’s visitors on the brand’s behalf, and
        the brand’s own privacy policy also applies. You can reach us about any privacy matter at {privacyMail}.
      </p>

      <h2>2. The data we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your email address, password (stored only as a one-way hash), name, company and
          brand names, websites, phone numbers and postal address, as you enter them in your profile.
        </li>
        <li>
          <strong>Content:</strong> the recordings, images and product information a brand uploads to the Service.
        </li>
        <li data-testid="privacy-player-events">
          <strong>Usage data of the player:</strong> when a player is launched, which products and sources are played
          and for how long, the blind votes and ABX test answers given in it, and clicks on its buy links.
        </li>
        <li data-testid="privacy-player-visitor">
          <strong>The player’s visitor id:</strong> in its standard mode the player keeps an anonymous visitor id (a
          random code, not your name or email address) in your browser, for the site you listen on, and replaces it with
          a new one after {VISITOR_ID_MAX_MONTHS} months. For each visitor id we keep a row: when it was first seen, the
          page it was first seen on (its sign-up page), its sign ins and launches, and the city, region and country
          looked up from the IP address when the player is launched; the address itself is never stored. The brand whose
          player it is sees these rows for its own players, each visitor by a number, beside its daily totals.
        </li>
        <li data-testid="privacy-player-strict">
          <strong>Strict privacy, Global Privacy Control and consent:</strong> a brand can set its player to strict
          privacy mode, and a browser that sends Global Privacy Control gets that mode by itself: the player then stores
          nothing on your device and keeps no visitor row, and your visit counts within one day only, under a code that
          changes every day and cannot be linked from one day to the next. A brand can also have the player wait for
          your consent: until you accept, it stores nothing on your device.
        </li>
        <li>
          <strong>Technical data:</strong> IP address, browser and device type, pages requested and dates and times,
          kept in our server logs for security and troubleshooting.
        </li>
        <li>
          <strong>Browser storage:</strong> the console keeps your sign-in token in your browser’s local storage so that
          you stay signed in. We do not use advertising cookies.
        </li>
      </ul>
      <p data-testid="geo-attribution">
        IP geolocation by DB-IP (<a href="https://db-ip.com">db-ip.com</a>), CC BY 4.0
      </p>

      <h2>3. How we use it and why</h2>
      <ul>
        <li>
          To provide the Service, create and secure your account and let you sign in (performance of our contract with
          you).
        </li>
        <li>
          To answer your requests and send you service messages such as invitations and password reset emails
          (performance of the contract).
        </li>
        <li>
          To measure and improve the Service and show brands the statistics of their players: daily totals and their
          visitors’ rows (our legitimate interests).
        </li>
        <li>
          To send you news about our products, which you can opt out of at any time (your consent or our legitimate
          interests).
        </li>
        <li>
          To comply with the law and to protect our rights and the security of the Service (legal obligation and
          legitimate interests).
        </li>
      </ul>

      <h2>4. Sharing</h2>
      <p>
        We do not sell your personal data. We share it only with service providers that host, store, email or support
        the Service for us under contracts that require them to protect it; with the brand whose player you use, in its
        daily totals and its visitors’ rows (section 2); with a successor in case of a merger or acquisition; and with
        authorities when the law requires it.
      </p>

      <h2>5. Opting out</h2>
      <p>
        You can opt out of marketing messages at any time, by the link in any such email or by writing to {privacyMail},
        and you can ask us to stop any processing based on our legitimate interests or on your consent. We complete the
        processing of an opt-out request <strong>within up to 10 business days</strong>. Service messages that are
        needed to run your account, such as password reset emails, continue while you have an account.
      </p>

      <h2>6. How long we keep data</h2>
      <p>
        We keep account data for as long as your account is open and for a limited period afterwards to settle accounts,
        resolve disputes and meet our legal obligations (for example, invoices are kept as long as tax law requires).
        Server logs are kept for a short period for security. When data is no longer needed, we delete or anonymise it.
      </p>
      <p data-testid="privacy-player-retention">
        The player’s raw events are kept {RAW_EVENT_DAYS} days, then deleted. A visitor row not seen for{' '}
        {IDLE_VISITOR_MONTHS} months is deleted. The daily totals (launches, plays, listening time, clicks, votes and
        new visitors per day) are kept, as they identify no one. The visitor id in your browser is replaced after{' '}
        {VISITOR_ID_MAX_MONTHS} months.
      </p>

      <h2>7. Your rights</h2>
      <p>
        Depending on where you live, and in particular if you are in the European Economic Area or the United Kingdom,
        you have the right to:
      </p>
      <ul>
        <li>
          <strong>access</strong> the personal data we hold about you and receive a copy;
        </li>
        <li>
          <strong>correct</strong> data that is inaccurate or incomplete;
        </li>
        <li>
          <strong>delete</strong> your data when it is no longer needed or was processed unlawfully;
        </li>
        <li>
          <strong>restrict</strong> the processing of your data while a question about it is resolved;
        </li>
        <li>
          <strong>data portability</strong>: receive the data you gave us in a structured, machine-readable format and
          have it sent to another controller;
        </li>
        <li>
          <strong>object</strong> to processing based on our legitimate interests, and to direct marketing at any time;
        </li>
        <li>
          obtain information about the <strong>safeguards for transfers</strong> of your data outside your country, and
          a copy of them;
        </li>
        <li>
          lodge a <strong>complaint</strong> with the data protection supervisory authority of the country where you
          live or work, or where you believe an infringement took place.
        </li>
      </ul>
      <p>
        Where processing is based on your consent, you may withdraw it at any time without affecting earlier processing.
      </p>
      <p data-testid="privacy-player-erase">
        To erase what the player keeps of you, use <strong>Forget me</strong> in the player’s information panel: it
        erases what our servers keep under your browser’s visitor id. Or write to {privacyMail} with your visitor id
        (the id the player keeps in your browser for the site you listen on), and we erase it. Either way, the daily
        totals stay, as they name no one.
      </p>

      <h2>8. California residents</h2>
      <p>
        If you live in California, you have the right to know what personal information we collect, use and disclose, to
        ask us to delete it or correct it, and not to be discriminated against for using these rights. We do not sell or
        share personal information for cross-context behavioural advertising. We answer verifiable California requests{' '}
        <strong>within 30 days</strong> of receiving them. You may use an authorised agent to make a request on your
        behalf.
      </p>

      <h2>9. Children</h2>
      <p>
        The Service is not directed to children. Accounts are only for people aged 18 or over (see our{' '}
        <Link to="/terms">{LABEL.termsOfService}</Link>). If you are in the European Union and{' '}
        <strong>aged 14 to 17</strong>, you may listen through a player only with the{' '}
        <strong>consent of a parent or guardian</strong>. If you believe a child has given us personal data without such
        consent, contact us and we will delete it.
      </p>

      <h2>10. International transfers</h2>
      <p>
        We are based in the United States, and our service providers may process data there and in other countries. When
        we <strong>transfer personal data to the United States</strong> from the European Economic Area, the United
        Kingdom or Switzerland, we rely on the <strong>standard contractual clauses</strong> approved by the European
        Commission and, where our providers are certified, on the EU-U.S. Data Privacy Framework (a{' '}
        <strong>privacy framework</strong> recognised as offering adequate protection), together with additional
        security measures.
      </p>

      <h2>11. Making a request</h2>
      <p>
        Send requests about your data to our privacy contact at {privacyMail}. To protect your data, we apply{' '}
        <strong>identity checks</strong> before acting on a request, and may ask you for information that lets us
        confirm that the request comes from you or from a person you have authorised. Requests are free of charge;
        however, we <strong>may charge a reasonable fee</strong>, or refuse to act, when a request is manifestly{' '}
        <strong>unfounded</strong> or excessive, in particular because it is repetitive. We tell you the reason if we do
        so.
      </p>

      <h2>12. Security</h2>
      <p>
        We protect personal data with technical and organisational measures suited to the risk: encrypted connections,
        passwords stored only as strong one-way hashes, access limited to the people who need it, and regular backups.
        No system is perfectly secure; if a breach affects your data, we will notify you and the authorities as the law
        requires.
      </p>

      <h2>13. Changes to this policy</h2>
      <p>
        We may update this policy. We will post the new version on this page with its date and, when the change is
        material, tell account holders by email or in the console before it takes effect.
      </p>

      <h2>14. Contact</h2>
      <p>Questions or requests about privacy: {privacyMail}.</p>
    </LegalLayout>
  );
}
