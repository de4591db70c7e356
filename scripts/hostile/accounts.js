// The account findings, replayed against a running shop over HTTP:
//   - pre-account takeover: a stranger signs up the owner's address first; the owner signs
//     up and follows their own link; the account must have the owner's password and name,
//     and the stranger's password and link must open nothing;
//   - enumeration: sign-up with a malformed name answered alike for a known and an unknown
//     address, and log-in, sign-up and a reset request timed for both (medians compared
//     against their own noise).
// The shop must trust 127.0.0.1 as a proxy (TRUSTED_PROXIES), so each timed try comes from
// its own X-Forwarded-For address and no throttle answers instead of the code under test.

import { URLSearchParams } from "node:url";

/** The middle value of a list of numbers. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The spread of the middle half: how far apart tries of the same kind land anyway. */
function interquartileRange(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))];
  return at(0.75) - at(0.25);
}

/**
 * Compares two sets of answer times (ms). The medians may differ by the noise: half the
 * wider interquartile range (a median of 30 moves about a quarter of it between runs),
 * and never less than `floorMs`, the jitter of a timer on a shared machine.
 */
export function compareTimings(a, b, floorMs = 0.5) {
  const medianA = median(a);
  const medianB = median(b);
  const gap = Math.abs(medianA - medianB);
  const noise = Math.max(floorMs, Math.max(interquartileRange(a), interquartileRange(b)) / 2);
  return { medianA, medianB, gap, noise, within: gap <= noise };
}

/**
 * Measures `tries` answers of each kind, alternating so that drift of the machine falls on
 * both alike; a gap beyond the noise is measured once more before it counts (a busy
 * neighbour can skew one run, a real difference shows in both).
 */
export async function timedComparison(known, unknown, tries, rounds = 2) {
  let result;
  for (let round = 0; round < rounds; round++) {
    const a = [];
    const b = [];
    for (let i = 0; i < tries; i++) {
      a.push(await known(i, round));
      b.push(await unknown(i, round));
    }
    result = compareTimings(a, b);
    if (result.within) return result;
  }
  return result;
}

const PASSWORD = "Veras-Eigenes-Passwort-8";
const STRANGER = "Mallorys-Geheimnis-Turm-5";

/** Runs the account checks; answers the problems found (empty when none). */
export async function accounts({ port, standinPort, tries }) {
  // 127.0.0.1 is the card shop in Germany, like localhost; fetch sends it as the Host.
  const base = `http://127.0.0.1:${port}`;
  const problems = [];
  let address = 0;
  /** A new client address for each call (the shop trusts the local proxy's header). */
  const nextAddress = () => {
    address++;
    return `198.51.${100 + ((address >> 8) & 0xff)}.${address & 0xff}`;
  };
  const api = (path, body, headers = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": nextAddress(),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const victim = `vera.${stamp}@example.de`;

  /** The token of the newest mail to an address, read in the development mailbox. */
  async function newestLink(recipient) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const list = await (await fetch(`${base}/_mailbox`)).text();
      const item = list
        .split("<li>")
        .find((row) => row.includes(recipient.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)));
      const id = item && /href="\/_mailbox\/(\d+)"/.exec(item)?.[1];
      if (id) {
        const mail = await (await fetch(`${base}/_mailbox/${id}`)).text();
        const token = /[?&]token=([\w-]+)/.exec(mail)?.[1];
        if (token) return { id, token };
      }
      // The mail is written just after the answer.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${recipient}`);
  }

  /** Posts the sign-up link's form as a browser without JavaScript does. */
  async function confirm(token, password) {
    const response = await fetch(`${base}/konto/bestaetigen?token=${token}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: base,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": nextAddress(),
      },
      body: new URLSearchParams({ token, password }).toString(),
    });
    return { status: response.status, cookie: response.headers.get("set-cookie") ?? "" };
  }

  // ---- pre-account takeover
  const signUp = (password, firstName, lastName) =>
    api("/web-api/customer-signup", { email: victim, password, firstName, lastName });
  if ((await signUp(STRANGER, "Mallory", "Mauler")).status !== 202) {
    problems.push("accounts: the stranger's sign-up was not taken");
  }
  const strangersLink = await newestLink(victim);
  if ((await signUp(PASSWORD, "Vera", "Vogel")).status !== 202) {
    problems.push("accounts: the owner's sign-up was not taken");
  }
  let ownLink = await newestLink(victim);
  for (let i = 0; ownLink.id === strangersLink.id && i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    ownLink = await newestLink(victim);
  }
  const visit = await fetch(`${base}/konto/bestaetigen?token=${strangersLink.token}`, {
    redirect: "manual",
  });
  if (visit.headers.get("set-cookie")?.includes("shop_session")) {
    problems.push("accounts: visiting a sign-up link logged the browser in");
  }
  if ((await confirm(strangersLink.token, PASSWORD)).cookie.includes("shop_session=")) {
    problems.push("accounts: the stranger's link opened the account with the owner's password");
  }
  const opened = await confirm(ownLink.token, PASSWORD);
  if (!opened.cookie.includes("shop_session=")) {
    problems.push(`accounts: the owner's own link did not open the account (${opened.status})`);
  }
  const stranger = await api("/web-api/customer-login", { email: victim, password: STRANGER });
  if (stranger.status !== 400) {
    problems.push(
      `accounts: the stranger's password answered ${stranger.status} after the owner confirmed`,
    );
  }
  if ((await confirm(strangersLink.token, STRANGER)).cookie.includes("shop_session=")) {
    problems.push("accounts: the stranger's link still opened an account");
  }
  const owner = await api("/web-api/customer-login", { email: victim, password: PASSWORD });
  const ownerBody = owner.status === 200 ? await owner.json() : {};
  if (owner.status !== 200 || ownerBody.fullName !== "Vera Vogel") {
    problems.push(
      `accounts: the owner's log-in answered ${owner.status} as ${JSON.stringify(ownerBody.fullName)}`,
    );
  }

  // ---- the same answer for a known and an unknown address
  const malformed = async (email) => {
    const response = await api("/web-api/customer-signup", {
      email,
      password: PASSWORD,
      firstName: "a\u0000b",
      lastName: "Vogel",
    });
    return `${response.status} ${await response.text()}`;
  };
  if ((await malformed(victim)) !== (await malformed(`nobody.${stamp}@example.de`))) {
    problems.push("accounts: a malformed sign-up is answered differently for a known address");
  }

  // ---- log-in timing: a known address with a wrong password against unknown addresses
  const timedLogIn = (email) => async () => {
    const started = performance.now();
    const response = await api("/web-api/customer-login", { email, password: "Falsch-geraten-1" });
    await response.arrayBuffer();
    if (response.status !== 400)
      problems.push(`accounts: a timed log-in answered ${response.status}`);
    return performance.now() - started;
  };
  const logIn = await timedComparison(
    timedLogIn(victim),
    (i, round) => timedLogIn(`nobody.${stamp}.${round}.${i}@example.de`)(),
    tries,
  );
  if (!logIn.within) {
    problems.push(
      `accounts: log-in takes ${logIn.medianA.toFixed(1)} ms for a known address and ${logIn.medianB.toFixed(1)} ms for an unknown one (noise ${logIn.noise.toFixed(1)} ms)`,
    );
  }

  // ---- sign-up and reset timing: the same answer in the same time for a known address.
  // Each try asks for an address of its own on both sides: the mails to one recipient are
  // limited per hour, and a limit answers before anything else would be timed. The known
  // ones are customers made through the Google sign-in stand-in (scripts/e2e-server.js).
  const known = [];
  for (let i = 0; i < 2 * tries; i++) {
    const email = `known.${stamp}.${i}@example.de`;
    const minted = await fetch(`http://127.0.0.1:${standinPort}/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, given_name: "Karla", family_name: `Known${i}` }),
    });
    const { credential } = await minted.json();
    const login = await api("/web-api/customer-auth-google-credentials", { credential });
    await login.arrayBuffer();
    if (login.status !== 200) {
      problems.push(`accounts: the Google stand-in log-in answered ${login.status}`);
      return { problems, logIn };
    }
    known.push(email);
  }
  const knownAt = (i, round) => known[round * tries + i];
  /** Times one request that must be answered `expected` whoever the address belongs to. */
  const timed = (path, expected, body) => async () => {
    const started = performance.now();
    const response = await api(path, body);
    await response.arrayBuffer();
    if (response.status !== expected) {
      problems.push(`accounts: a timed ${path} answered ${response.status}`);
    }
    return performance.now() - started;
  };
  const unknown = (kind, i, round) => `nobody.${kind}.${stamp}.${round}.${i}@example.de`;
  const signUpBody = (email) => ({
    email,
    password: "Ganz-anderes-Wort-42",
    firstName: "Nora",
    lastName: "Neu",
  });
  const signUpTimes = await timedComparison(
    (i, round) => timed("/web-api/customer-signup", 202, signUpBody(knownAt(i, round)))(),
    (i, round) => timed("/web-api/customer-signup", 202, signUpBody(unknown("signup", i, round)))(),
    tries,
  );
  const resetTimes = await timedComparison(
    (i, round) => timed("/web-api/customer-password-reset", 202, { email: knownAt(i, round) })(),
    (i, round) =>
      timed("/web-api/customer-password-reset", 202, { email: unknown("reset", i, round) })(),
    tries,
  );
  for (const [name, times] of [
    ["sign-up", signUpTimes],
    ["a reset request", resetTimes],
  ]) {
    if (!times.within) {
      problems.push(
        `accounts: ${name} takes ${times.medianA.toFixed(1)} ms for a known address and ${times.medianB.toFixed(1)} ms for an unknown one (noise ${times.noise.toFixed(1)} ms)`,
      );
    }
  }
  return { problems, logIn, signUp: signUpTimes, reset: resetTimes };
}
