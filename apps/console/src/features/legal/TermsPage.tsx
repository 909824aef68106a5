import { LABEL, PRIVACY_EMAIL, SALES_EMAIL, SUPPORT_EMAIL } from '@atk/contract';
import { Link } from 'react-router';
import { LegalLayout } from './LegalLayout.tsx';

/** The date of the Terms of Service. */
export const TERMS_DATE = 'August 28, 2021';

/** Terms of Service: minimum age 18, liability cap, 1-year claims, no refunds, commitment terms. */
export function TermsPage() {
  return (
    <LegalLayout title={LABEL.termsOfService} updated={TERMS_DATE}>
      <p>
        These Terms of Service (the “Terms”) govern your access to and use of the ATK Player website, the ATK Player
        console, the embeddable ATK Player widgets and every related service (together, the “Service”) provided by ATK
        Player (“ATK Player”, “we”, “us” or “our”). By creating an account, accepting an invitation, subscribing to a
        plan or otherwise using the Service, you agree to these Terms. If you use the Service on behalf of a company or
        brand, you agree to these Terms on its behalf and confirm that you have the authority to do so; “you” then means
        that company or brand as well as you.
      </p>

      <h2>1. Eligibility</h2>
      <p>
        You must be at least <strong>18 years old</strong> and able to enter into a binding contract to create an
        account or to use the Service. By using the Service you represent that you meet this requirement. We do not
        knowingly open accounts for anyone under 18, and we will close any account that we learn belongs to a person
        under 18.
      </p>

      <h2>2. The Service</h2>
      <p>
        ATK Player lets audio brands publish audio comparisons of their products. Through the console you manage
        products, recordings, images and player instances; through the widgets, visitors of your web pages listen to and
        compare those products. We may improve, change or discontinue features of the Service from time to time. When a
        change materially reduces the features of a paid plan during a committed term, we will tell you in advance.
      </p>

      <h2>3. Accounts</h2>
      <ul>
        <li>
          Accounts are created by invitation or by our team. The information you give us must be accurate and kept up to
          date.
        </li>
        <li>
          You are responsible for keeping your password confidential and for everything that happens under your account.
        </li>
        <li>
          Tell us at once at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you believe your account has
          been used without your permission.
        </li>
        <li>Accounts are personal: you may not share your credentials or let others use your account.</li>
      </ul>

      <h2>4. Subscriptions and commitment terms</h2>
      <p>
        Some features of the Service are available only with a paid subscription. Plans are offered as commitment
        subscriptions with a term of <strong>3 months, 6 months, 1 year or 2 years</strong>, as stated in your order.
        During the committed term you owe the fees for the whole term, whether or not you use the Service. Unless you or
        we give notice of non-renewal before the end of the current term, a subscription renews for a term of the same
        length at the prices then in effect, which we will communicate to you before the renewal.
      </p>
      <p>
        Fees are billed in advance for each term and do not include taxes, which you are responsible for paying. If a
        payment is late we may, after notifying you, suspend paid features until the account is brought up to date.
        Questions about plans and invoices go to <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>.
      </p>

      <h2>5. No refunds</h2>
      <p>
        <strong>All fees are non-refundable.</strong> We do not give refunds or credits for partial terms, for unused
        features, for downgrades, or for an account that is cancelled or left unused before the end of its committed
        term. Where the law of your country grants you a right to a refund that cannot be excluded by contract, this
        section applies only to the extent that law allows.
      </p>

      <h2>6. Your content</h2>
      <p>
        You keep all rights in the recordings, images, texts, product data and other material you upload to the Service
        (“Your Content”). You grant us a worldwide, non-exclusive, royalty-free licence to host, copy, process (for
        example transcode, measure and analyse audio), display and stream Your Content, for the sole purpose of
        providing the Service to you and to the visitors of the pages where you embed the player. This licence ends when
        Your Content is deleted from the Service, except for copies kept in backups for a limited time or where the law
        requires us to keep them.
      </p>
      <p>
        You confirm that you own or have obtained every right needed for Your Content, including the rights of
        composers, performers and producers of the recordings, and that Your Content and its use through the Service do
        not infringe anyone’s rights or break any law.
      </p>

      <h2>7. Acceptable use</h2>
      <p>You agree not to:</p>
      <ul>
        <li>upload content that is unlawful, misleading, defamatory, or that infringes the rights of others;</li>
        <li>use the Service to make false or misleading claims about your own or another brand’s products;</li>
        <li>
          interfere with or disrupt the Service, probe or test its security, or access it by automated means other than
          the interfaces we provide;
        </li>
        <li>
          copy, modify, decompile or reverse engineer the Service or the widgets, except where the law expressly allows
          it;
        </li>
        <li>
          circumvent the limits of your plan or give access to the Service to anyone not authorised under these Terms.
        </li>
      </ul>

      <h2>8. Our intellectual property</h2>
      <p>
        The Service, the widgets, their software, design and documentation, and the ATK Player name and logos belong to
        us or our licensors. Except for the right to use the Service under these Terms, no right is granted to you. If
        you send us feedback or suggestions, we may use them without any obligation to you.
      </p>

      <h2>9. Privacy</h2>
      <p>
        Our <Link to="/privacy">{LABEL.privacyPolicy}</Link> explains how we collect and use personal data. Where we
        process personal data of visitors of your pages on your behalf, we do so according to your instructions and the
        applicable data protection law. Privacy questions go to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
      </p>

      <h2>10. Third-party sites and services</h2>
      <p>
        The Service may link to or work with websites, website builders, online stores and other services that we do not
        control. We are not responsible for them, and your use of them is governed by their own terms.
      </p>

      <h2>11. Suspension and termination</h2>
      <p>
        You may stop using the Service at any time; the fees of a committed term remain due. We may suspend or terminate
        your access if you materially breach these Terms, if you do not pay fees that are due, or if we must do so to
        comply with the law or to protect the Service or other users. Where reasonable, we will notify you first and
        give you an opportunity to fix the problem. On termination your right to use the Service ends; you may ask us to
        export Your Content within 30 days, after which we may delete it.
      </p>

      <h2>12. Disclaimer</h2>
      <p>
        The Service is provided “as is” and “as available”. To the fullest extent permitted by law, we disclaim all
        warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and
        non-infringement. We do not warrant that the Service will be uninterrupted or error-free, or that audio will
        sound identical on every device.
      </p>

      <h2>13. Limitation of liability</h2>
      <p>
        To the fullest extent permitted by law, neither party is liable for indirect, incidental, special, consequential
        or punitive damages, or for lost profits, revenue, data or goodwill, arising out of or relating to these Terms
        or the Service.
      </p>
      <p>
        Our total liability for all claims arising out of or relating to these Terms or the Service is limited to{' '}
        <strong>the greater of (a) the revenue we received from you in the 6 months</strong> before the event giving
        rise to the claim, <strong>or (b) USD 500</strong>. These limits do not apply where the law does not allow
        liability to be limited, such as for fraud or for death or personal injury caused by negligence.
      </p>

      <h2>14. Indemnity</h2>
      <p>
        You will defend and indemnify us against any claim by a third party arising from Your Content or from your use
        of the Service in breach of these Terms, and you will pay the damages and reasonable costs finally awarded
        against us or agreed in a settlement you approve.
      </p>

      <h2>15. Time limit for claims</h2>
      <p>
        Any claim arising out of or relating to these Terms or the Service must be brought{' '}
        <strong>within 1 year</strong> after the cause of action arises; otherwise the claim is permanently barred,
        unless the law does not allow such a limitation.
      </p>

      <h2>16. Changes to these Terms</h2>
      <p>
        We may update these Terms. When a change is material we will tell you by email or in the console at least 30
        days before it takes effect. The date at the top shows the latest version. If you continue to use the Service
        after a change takes effect, you accept the updated Terms; if you do not agree, you may stop using the Service
        before that date.
      </p>

      <h2>17. Governing law and disputes</h2>
      <p>
        These Terms are governed by the laws of the State of California, United States, without regard to its conflict
        of laws rules. The courts located in California have exclusive jurisdiction over any dispute, except that either
        party may seek urgent relief in any competent court. If you are a consumer, you also keep the protection of the
        mandatory law of the country where you live.
      </p>

      <h2>18. General</h2>
      <ul>
        <li>
          These Terms, together with your order and our Privacy Policy, are the entire agreement between you and us
          about the Service.
        </li>
        <li>If a provision is found unenforceable, the rest of these Terms stays in effect.</li>
        <li>Not enforcing a provision is not a waiver of our right to enforce it later.</li>
        <li>
          You may not assign these Terms without our written consent; we may assign them to a successor of our business.
        </li>
        <li>Neither party is liable for a delay caused by events beyond its reasonable control.</li>
      </ul>

      <h2>19. Contact</h2>
      <p>
        Questions about these Terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalLayout>
  );
}
