/**
 * The playground: builds a request from the form, sends it to this server's single-enrichment endpoint
 * and renders the answer. What the API returns reaches the page as text (`textContent`), never as HTML:
 * a descriptor is user input. The API key lives in its input only.
 */

/** Relative to the page (`/playground`), so the page also works behind a path prefix. */
const endpoints = {
  card: 'transactions/cards/enrich',
  universal: 'transactions/universal/enrich',
};

const lineLabels = {
  card: { label: 'Descriptor', placeholder: 'SQ *BLUE BOTTLE COFFEE SAN FRANCISCO CA' },
  universal: { label: 'Bank line', placeholder: 'ZELLE PAYMENT TO JANE DOE CONF# 7XK2P' },
};

const form = document.getElementById('enrich-form');
const submit = document.getElementById('submit');
const status = document.getElementById('status');
const errorBox = document.getElementById('error');
const resultBox = document.getElementById('result');

/** An element with attributes and children; strings become text nodes, null and false are left out. */
function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
  }
  return element;
}

/** An http(s) URL, or null: a result's URL is never followed as `javascript:` or the like. */
function safeUrl(value) {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An image of another site, marked `data-failed` when it does not load (the style then hides it). */
function picture(url, alt, className) {
  const image = el('img', {
    src: url,
    alt,
    class: className,
    loading: 'lazy',
    referrerpolicy: 'no-referrer',
  });
  image.addEventListener('error', () => image.setAttribute('data-failed', ''));
  return image;
}

/**
 * A logo, or the name's first letter when there is none or it does not load. A small one stands beside
 * its name, which says it all: it is hidden from assistive technology.
 */
function logo(src, name, size = 'large') {
  const url = safeUrl(src);
  const decorative = size !== 'large';
  const box = el('span', {
    class: `logo logo-${size}`,
    'data-initial': (name || '?').charAt(0),
    'aria-hidden': decorative && 'true',
  });
  if (url) box.append(picture(url, decorative ? '' : `${name} logo`));
  return box;
}

function link(href, text) {
  const url = safeUrl(href);
  return url ? el('a', { href: url, rel: 'noopener noreferrer', target: '_blank' }, text ?? url) : null;
}

/** A description list of the entries whose value is not null, undefined or empty. */
function facts(entries) {
  const list = el('dl', { class: 'facts' });
  for (const [term, value] of entries) {
    if (value === null || value === undefined || value === '') continue;
    const shown = typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
    list.append(el('dt', {}, term), el('dd', {}, shown));
  }
  return list;
}

function section(title, ...children) {
  return el('section', { class: 'panel' }, el('h3', {}, title), ...children);
}

function json(value) {
  return el('pre', {}, el('code', {}, JSON.stringify(value, null, 2)));
}

function summary(info, top) {
  const display = info.display ?? {};
  const name = display.name ?? top?.name ?? 'Unnamed';
  return el(
    'section',
    { class: 'summary', 'aria-labelledby': 'result-name' },
    logo(display.graphic, name),
    el(
      'div',
      {},
      el('h3', { id: 'result-name', class: 'name' }, name),
      display.categoryName ? el('p', { class: 'category' }, display.categoryName) : null,
      facts([
        ['Type', info.type],
        ['Sub-type', info.subType],
        ['Channel', info.spendingInfo?.channel?.value],
        ['Picture from', display.graphicSource],
        ['Peer to peer', info.isPeerToPeer],
        ['Digital wallet', info.isDigitalWallet],
        ['Account verification', info.isAccountVerification],
        ['Transaction id', info.transactionId],
      ]),
    ),
  );
}

function industryPath(industry) {
  if (!Array.isArray(industry) || industry.length === 0) return null;
  return el(
    'ol',
    { class: 'industry', 'aria-label': 'Industry, broad to specific' },
    industry.map((node) =>
      el('li', {}, safeUrl(node.icon) ? picture(safeUrl(node.icon), '', 'icon') : null, node.name),
    ),
  );
}

function placeOf(locations) {
  const place = Array.isArray(locations) ? locations[0] : null;
  if (!place) return null;
  return [place.address, place.city, place.region, place.postalCode, place.country]
    .filter(Boolean)
    .join(', ');
}

function counterparties(list) {
  if (!Array.isArray(list) || list.length === 0)
    return section(
      'Counterparty',
      el('p', {}, 'No catalog merchant matched: the name above is read from the line.'),
    );
  const [top, ...others] = list;
  return section(
    'Counterparty',
    el('div', { class: 'entity' }, logo(top.logo, top.name, 'small'), el('strong', {}, top.name)),
    facts([
      ['Legal name', top.legalName],
      ['Match score', top.matchScore],
      ['Website', link(top.website)],
      ['Phone', top.phoneNumber],
      ['Location', placeOf(top.location)],
      ['Id', top.id],
    ]),
    industryPath(top.industry),
    others.length > 0
      ? el(
          'details',
          {},
          el('summary', {}, `${others.length} other candidate${others.length === 1 ? '' : 's'}`),
          el(
            'ul',
            {},
            others.map((other) => el('li', {}, `${other.name} (${other.matchScore})`)),
          ),
        )
      : null,
  );
}

function thirdParties(list) {
  if (!Array.isArray(list) || list.length === 0) return null;
  return section(
    'Third parties',
    el(
      'ul',
      { class: 'third-parties' },
      list.map((party) =>
        el(
          'li',
          { class: 'entity' },
          logo(party.logo, party.name, 'small'),
          el('span', {}, el('strong', {}, party.name), ` ${party.type ?? ''} `, link(party.website)),
        ),
      ),
    ),
  );
}

function movement(info) {
  const parts = [];
  if (info.transferInfo) {
    const transfer = info.transferInfo;
    parts.push(
      section(
        'Transfer',
        facts([
          ['Direction', transfer.direction],
          ['Method', transfer.transferMethod],
          ['Type', transfer.transferType],
          ['Adjustment or refund', transfer.isAdjustmentOrRefund],
        ]),
      ),
    );
  }
  if (info.atmInfo) {
    parts.push(
      section(
        'ATM',
        facts([
          ['Sponsor', info.atmInfo.sponsorName],
          ['Owner', info.atmInfo.ownerName],
        ]),
      ),
    );
  }
  if (info.recurrenceInfo) parts.push(section('Recurrence', json(info.recurrenceInfo)));
  return parts;
}

/** The parts of a line the engine read, as short text: `SQ*`, `ZELLE TO (p2p)`, `1234 (store)`. */
function anatomy(parts) {
  if (!parts) return null;
  const present = (values) => values.filter((value) => value !== null && value !== undefined && value !== '');
  const listed = (items, text) =>
    Array.isArray(items) && items.length > 0 ? items.map(text).join(', ') : null;
  const { wrapper, fields } = parts;
  return el(
    'div',
    {},
    el('h4', {}, 'Anatomy of the line'),
    facts([
      ['Raw', parts.raw],
      ['Bank wrapper', wrapper ? `${wrapper.text} (${wrapper.via})` : null],
      ['Fields', fields ? present([fields.party, fields.entry, `(${fields.via})`]).join(' ') : null],
      ['Prefixes', listed(parts.prefixes, (prefix) => prefix.text)],
      ['Name', parts.name],
      ['Display', parts.display],
      ['Location', parts.location ? present(Object.values(parts.location)).join(', ') : null],
      ['Store number', parts.storeNumber],
      ['Ids', listed(parts.ids, (id) => `${id.text} (${id.kind})`)],
    ]),
  );
}

function candidates(list) {
  if (!Array.isArray(list) || list.length === 0) return el('p', {}, 'No catalog candidates.');
  return el(
    'table',
    {},
    el('caption', {}, 'Catalog candidates, best first'),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        ['Name', 'Found by', 'Score', 'Notes'].map((title) => el('th', { scope: 'col' }, title)),
      ),
    ),
    el(
      'tbody',
      {},
      list.map((candidate) =>
        el(
          'tr',
          {},
          el('td', {}, candidate.name),
          el('td', {}, candidate.foundBy),
          el('td', { class: 'number' }, candidate.score),
          el('td', {}, [...(candidate.notes ?? []), ...(candidate.unexplained ?? [])].join('; ')),
        ),
      ),
    ),
  );
}

function explanation(explained) {
  if (!explained) return null;
  return section(
    'Explanation',
    explained.decision ? el('p', { class: 'decision' }, explained.decision) : null,
    anatomy(explained.anatomy),
    el('h4', {}, 'Rules that fired'),
    Array.isArray(explained.rules) && explained.rules.length > 0
      ? el(
          'ul',
          { class: 'rules' },
          explained.rules.map((rule) => el('li', {}, el('code', {}, rule))),
        )
      : el('p', {}, 'None.'),
    el('h4', {}, 'Candidates'),
    candidates(explained.candidates),
  );
}

function raw(title, value) {
  return el('details', { class: 'raw' }, el('summary', {}, title), json(value));
}

function renderResult(result, request) {
  const info = result.transactionInfo ?? {};
  const top = Array.isArray(result.counterparty) ? result.counterparty[0] : undefined;
  const parts = [
    summary(info, top),
    counterparties(result.counterparty),
    thirdParties(info.thirdParties),
    ...movement(info),
    explanation(result.explanation),
    raw('Response body', result),
    raw(`Request: POST /${request.path}`, request.body),
  ];
  resultBox.replaceChildren(...parts.filter(Boolean));
}

/** The API's error body as it came, with its field messages listed first when it has them. */
function renderError(title, body) {
  const fields =
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.entries(body).filter(([, messages]) => Array.isArray(messages))
      : [];
  errorBox.replaceChildren(
    el('p', { class: 'error-title' }, title),
    fields.length > 0
      ? el(
          'ul',
          {},
          fields.map(([field, messages]) => el('li', {}, el('code', {}, field), `: ${messages.join(' ')}`)),
        )
      : null,
    typeof body === 'string' ? el('pre', {}, body) : body === undefined ? null : json(body),
  );
  errorBox.hidden = false;
}

function kindOf() {
  return form.elements.kind.value;
}

function value(name) {
  return form.elements[name].value.trim();
}

/** The request body of the form's kind; optional fields left empty are left out. */
function requestBody(kind) {
  const body = {};
  const amount = value('amount');
  if (kind === 'card') {
    body.merchantName = value('line');
    if (amount) body.amount = amount;
    if (value('mcc')) body.categoryCode = value('mcc');
    const location = {};
    for (const name of ['city', 'region', 'country']) if (value(name)) location[name] = value(name);
    if (Object.keys(location).length > 0) body.location = location;
  } else {
    body.userId = value('userId');
    body.description = value('line');
    if (amount) body.amount = amount;
    if (value('direction')) body.direction = value('direction');
  }
  return body;
}

function showKind() {
  const kind = kindOf();
  for (const element of form.querySelectorAll('[data-kind]')) element.hidden = element.dataset.kind !== kind;
  document.getElementById('line-label').textContent = lineLabels[kind].label;
  form.elements.line.placeholder = lineLabels[kind].placeholder;
}

/** The first required input shown and left empty, marked invalid; null when there is none. */
function missingInput() {
  let missing = null;
  for (const input of form.querySelectorAll('input[required]')) {
    const empty = !input.closest('[hidden]') && input.value.trim() === '';
    if (empty && !missing) missing = input;
    if (empty) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  return missing;
}

async function enrich(event) {
  event.preventDefault();
  errorBox.hidden = true;
  const missing = missingInput();
  if (missing) {
    status.textContent = '';
    renderError(`${missing.labels[0]?.textContent.trim() ?? 'This field'} is required.`);
    missing.focus();
    return;
  }

  const kind = kindOf();
  const request = { path: endpoints[kind], body: requestBody(kind) };
  if (form.elements.explain.checked) request.path += '?explain=true';
  submit.disabled = true;
  resultBox.setAttribute('aria-busy', 'true');
  status.textContent = 'Enriching…';
  const started = performance.now();
  try {
    const response = await fetch(request.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': value('apiKey') },
      body: JSON.stringify(request.body),
      credentials: 'omit',
      cache: 'no-store',
    });
    const text = await response.text();
    let body;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    const ms = Math.round(performance.now() - started);
    const requestId = response.headers.get('x-request-id');
    const heard = `${response.status} ${response.statusText} in ${ms} ms${requestId ? `, request id ${requestId}` : ''}`;
    if (response.ok && body && typeof body === 'object') {
      status.textContent = `Enriched: ${heard}.`;
      renderResult(body, request);
    } else {
      status.textContent = '';
      resultBox.replaceChildren();
      renderError(`The API answered ${heard}.`, body);
    }
  } catch (error) {
    status.textContent = '';
    resultBox.replaceChildren();
    renderError(`The server could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    submit.disabled = false;
    resultBox.removeAttribute('aria-busy');
  }
}

for (const radio of form.elements.kind) radio.addEventListener('change', showKind);
form.addEventListener('submit', enrich);
showKind();
