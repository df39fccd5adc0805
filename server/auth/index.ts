// /auth/v1 — the subset of GoTrue (supabase/auth) that supabase-js's auth client uses, with
// GoTrue's wire formats: session and user JSON, JWT claims, error bodies and codes, and
// redirects. Mounted by server/app.ts at /auth/v1; `devApp` at /_dev on loopback only.
import { Hono } from 'hono';
import type { ServiceDeps } from '../gateway/service.ts';
import { adminRoutes } from './admin.ts';
import { createDevApp } from './dev.ts';
import { API_VERSION_HEADER, apiVersionOf, AuthError, errorResponse } from './errors.ts';
import { recoverRoutes } from './recover.ts';
import { limitBody, requireApiKey } from './request.ts';
import { createAuthService } from './service.ts';
import { signupRoutes } from './signup.ts';
import { tokenRoutes } from './token.ts';
import { userRoutes } from './user.ts';
import { verifyRoutes } from './verify.ts';

export function createAuth(deps: ServiceDeps) {
  const svc = createAuthService(deps);
  const app = new Hono();
  app.onError((err, c) => errorResponse(c, err));

  app.use('*', async (c, next) => {
    await next();
    const version = apiVersionOf(c);
    if (version) c.res.headers.set(API_VERSION_HEADER, version);
  });
  app.use(
    '*',
    // Auth bodies are small (AUTH_MAX_BODY_BYTES, 64 KiB by default): larger ones are refused
    // before they are parsed.
    limitBody(deps.config.bodyLimits.auth, (c) =>
      errorResponse(c, new AuthError(413, 'validation_failed', 'Request body too large')),
    ),
  );

  // E-mail links are opened by a browser that has no API key: the hosted gateway leaves /verify
  // open, so these routes are registered before the key check below and answer without it.
  verifyRoutes(app, svc);

  // Public, as on the platform, so that anyone can verify a token: with HS256 only there is no
  // public key to publish; with signing keys, their public halves.
  app.get('/.well-known/jwks.json', (c) => c.json(deps.keys.jwks()));

  app.use('*', requireApiKey(deps.keys));

  app.get('/health', (c) =>
    c.json({
      version: 'v2-compatible',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );
  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: svc.settings.anonymousSignIns,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        linkedin_oidc: false,
        notion: false,
        slack_oidc: false,
        spotify: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
        email: true,
        phone: false,
      },
      disable_signup: !deps.config.auth.enableSignup,
      mailer_autoconfirm: !deps.config.auth.emailConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  signupRoutes(app, svc);
  tokenRoutes(app, svc);
  userRoutes(app, svc);
  recoverRoutes(app, svc);
  adminRoutes(app, svc);

  // Any other path is GoTrue's JSON 404, never a plain-text one.
  // (A catch-all route: a sub-app's notFound is not used once it is mounted with app.route.)
  app.all('*', (c) => errorResponse(c, AuthError.notFound('not_found', 'Not found')));

  return { app, devApp: createDevApp(deps) };
}
