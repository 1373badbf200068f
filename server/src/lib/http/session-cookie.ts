/** The name of the cookie that carries a browser's session (issued by the auth module, read by the session plugin). */
export const SESSION_COOKIE = 'idToken';
