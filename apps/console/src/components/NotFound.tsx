import { AREA, MSG } from '@atk/contract';
import { Link } from 'react-router';
import { useSession } from '../session/index.ts';

/**
 * The 404 page (docs/api.md "Console decisions where the spec is silent"). `embedded` renders it inside an area shell instead of as a whole page.
 */
export function NotFound({ embedded = false }: { embedded?: boolean }) {
  // "Back to home" is the signed-in user's own area home (its console), the public home otherwise.
  const { role } = useSession();
  const home = role ? AREA[role].home : '/';
  return (
    <section className={embedded ? 'not-found not-found--embedded' : 'not-found'} data-testid="not-found">
      <div className="not-found__code" aria-hidden="true">
        404
      </div>
      <h1 className="not-found__heading">{MSG.notFoundHeading}</h1>
      <p className="not-found__text">{MSG.notFoundText}</p>
      <p className="not-found__hint">{MSG.notFoundHint}</p>
      <Link to={home} className="link-button not-found__back">
        {MSG.notFoundBack}
      </Link>
    </section>
  );
}
