/**
 * A browser's navigation without a browser: fetch with a cookie jar for
 * 127.0.0.1 (cookies are per host, not per port, as in a browser), following
 * redirects by hand so that every hop's Set-Cookie is kept.
 */
export class Agent {
  private readonly cookies = new Map<string, string>();

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.keep(response);
    return response;
  }

  /** Follows redirects (GET after each) and returns the last answer and where it came from. */
  async navigate(
    url: string,
    init: RequestInit = {},
  ): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hop = 0; hop < 20 && response.status >= 300 && response.status < 400; hop++) {
      const location = response.headers.get('location');
      if (location === null) break;
      current = new URL(location, current).href;
      response = await this.request(current);
    }
    return { response, url: current };
  }
}
