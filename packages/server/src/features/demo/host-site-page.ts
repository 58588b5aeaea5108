/** The demo host network's pages (host-site.ts): its own look, nothing of the messenger's. */
export interface HostPerson {
  id: string;
  name: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

// The kit docks the messenger on the right edge (280 px, wider while chat tabs are open):
// the page keeps clear of it, its controls on the left.
const STYLE = `body{font-family:Georgia,serif;margin:0;background:#fbf7ef;color:#2b2118}
header{display:flex;align-items:center;gap:1rem;padding:.75rem 1.25rem;background:#5b2a86;color:#fff;margin-right:280px}
header h1{font-size:1.25rem;margin:0 1rem 0 0}
header a,header button{color:#fff;font:inherit}
header button{background:#3d1a5c;border:1px solid #fff;border-radius:4px;padding:.3rem .8rem;cursor:pointer}
.badge{display:inline-block;min-width:1.4rem;padding:0 .35rem;border-radius:999px;background:#fff;color:#5b2a86;font-weight:700;text-align:center}
main{max-width:36rem;padding:1.25rem;margin-right:280px}
.card{background:#fff;border:1px solid #d8cbb8;border-radius:6px;padding:1rem;margin-bottom:1rem}
ul{padding-left:1.25rem}li{margin:.35rem 0}
.card button{font:inherit;background:#5b2a86;color:#fff;border:0;border-radius:4px;padding:.25rem .7rem;cursor:pointer;margin-left:.5rem}
a{color:#4a1f70}`;

function shell(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style>${head}</head><body>${body}</body></html>`;
}

export function signedOutPage(note?: string): string {
  return shell(
    'Neighbourhood',
    `<header><h1>Neighbourhood</h1></header>
<main><div class="card"><h2>Welcome to Neighbourhood</h2>
${note === undefined ? '' : `<p role="alert">${escapeHtml(note)}</p>`}
<p>The demo host network. Sign in with your network account to see your friends and chat with them.</p>
<p><a href="/login">Sign in</a></p></div></main>`,
  );
}

/**
 * The signed-in page: the kit's script tag (async, from the messenger's
 * origin), the host's own unread badge fed by the kit's API, and "Message"
 * buttons that open a chat tab through it.
 */
export function hostSitePage(input: {
  name: string;
  people: readonly HostPerson[];
  messengerUrl: string;
}): string {
  const people =
    input.people.length === 0
      ? '<p>No suggestions right now.</p>'
      : `<ul>${input.people
          .map(
            (p) =>
              `<li>${escapeHtml(p.name)}<button type="button" data-person-id="${escapeHtml(p.id)}" data-person-name="${escapeHtml(p.name)}">Message</button></li>`,
          )
          .join('')}</ul>`;
  const kit = `${input.messengerUrl.replace(/\/+$/, '')}/embed/v1/kit.js`;
  return shell(
    'Neighbourhood',
    `<header><h1>Neighbourhood</h1>
<span>Messages <output class="badge" id="messenger-unread" aria-label="Unread conversations">0</output></span>
<span id="messenger-status" role="status"></span>
<form method="post" action="/logout"><button type="submit">Sign out</button></form></header>
<main><div class="card"><h2>Hello, ${escapeHtml(input.name)}</h2>
<p>Your neighbourhood's news would be here. Your friends are in the chat on the right.</p></div>
<div class="card"><h2>People you know</h2>${people}</div></main>
<script>
function withMessenger(run) {
  if (window.MessengerEmbed) run(window.MessengerEmbed);
  else window.addEventListener('messenger-embed:ready', function (e) { run(e.detail); }, { once: true });
}
withMessenger(function (messenger) {
  var badge = document.getElementById('messenger-unread');
  var status = document.getElementById('messenger-status');
  messenger.on('unread', function (count) { badge.textContent = String(count); });
  messenger.on('signed-out', function () { status.textContent = 'Messenger signed out'; });
  messenger.on('signed-in', function () { status.textContent = ''; });
  document.querySelectorAll('button[data-person-id]').forEach(function (button) {
    button.addEventListener('click', function () {
      messenger.openConversation(button.dataset.personId, { name: button.dataset.personName });
    });
  });
});
</script>
<script async src="${escapeHtml(kit)}"></script>`,
  );
}
