// Every route is wired through the full http stack now (size limit, auth, JSON parsing, validation, errors);
// the bodies belong to the accounts issue and answer 501 until it lands.
import { notImplemented } from '../../http/errors';
import { httpRoute } from '../../http/route';

export const login = httpRoute('auth.login', notImplemented);
export const register = httpRoute('auth.register', notImplemented);
export const forgotPassword = httpRoute('auth.forgotPassword', notImplemented);
export const resetPassword = httpRoute('auth.resetPassword', notImplemented);
export const me = httpRoute('auth.me', notImplemented);
export const refresh = httpRoute('auth.refresh', notImplemented);
