const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/**
 * The plain page a browser lands on when single sign-on cannot finish: it
 * says what happened and what to do, in the site's colours, with a way back.
 */
export function ssoPage(title: string, text: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f0f2f5;color:#1c1e21}
main{max-width:28rem;margin:4rem auto;padding:1.5rem;background:#fff;border:1px solid #dddfe2;border-radius:8px}
h1{font-size:1.4rem;margin:0 0 .75rem}p{line-height:1.45}a{color:#0b57d0;font-weight:600}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/login">Back to sign-in</a></p>
</main>
</body>
</html>`;
}
