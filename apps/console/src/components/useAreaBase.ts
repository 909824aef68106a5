import { useLocation } from 'react-router';

/** The area the screen is shown in, as a path prefix ('/global', '/super'…): screens shared by two areas link within their own. */
export function useAreaBase(): string {
  const { pathname } = useLocation();
  return `/${pathname.split('/')[1] ?? ''}`;
}
