import { Navigate, useLocation } from 'react-router';
import { usePolicyTarget } from './usePolicyTarget';

/** Sends a language-less policy address to its version in the reader's language. */
export default function PolicyRedirect() {
  const { pathname, search, hash } = useLocation();
  const targetFor = usePolicyTarget();
  return <Navigate replace to={`${targetFor(pathname)}${search}${hash}`} />;
}
