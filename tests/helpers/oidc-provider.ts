import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person of the test provider: their sub and claims. */
export interface TestPerson {
  sub: string;
  claims: Record<string, unknown>;
}

/**
 * A real OpenID provider (oidc-provider, certified) on a loopback port for the tests: one confidential client
 * with PKCE required, the people given, its own login and consent pages (dev interactions: any password).
 */
export async function startProvider(options: { redirectUris: string[]; logoutUris?: string[]; people: TestPerson[] }) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map(options.people.map((p) => [p.sub, p]));
  const settings = { idTokenTtl: 3600 };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'lanxue',
        client_secret: 'lanxue-secret',
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.logoutUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
      phone: ['phone_number'],
      groups: ['groups'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    ttl: {
      IdToken() {
        return settings.idTokenTtl;
      },
      // Set so the provider does not print a notice for each default.
      AccessToken: 600,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
    },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    findAccount: async (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person.claims }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    settings,
    people,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Goes through the provider's own pages as a browser would, from its authorization URL to the redirect back to
 * the platform (its login form with the person's sub as the login, then its consent form). Returns that URL.
 */
export async function signInAtProvider(authorizationUrl: string, sub: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      headers: { cookie: cookieHeader() },
      redirect: 'manual',
    });
    keep(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    body = html.includes('name="prompt" value="login"')
      ? new URLSearchParams({ prompt: 'login', login: sub, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('the provider never sent the browser back');
}
