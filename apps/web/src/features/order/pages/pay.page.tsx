import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * /pay/:codeNo inside the portal (a link in hash mode, an old bookmark): the payer's page is its own entry
 * (pay.html, served by the server for /mchweb/pay/*), so this loads it.
 */
export default function PayPage() {
  const { pathname, search } = useLocation();
  useEffect(() => window.location.replace(`/mchweb${pathname}${search}`), [pathname, search]);
  return null;
}
