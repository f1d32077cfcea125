import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { APPLICATION_STATUSES, CONTRACT_STATUSES, METHOD_AND_TYPES } from "@/lib/onboarding/schema";
import { PAYMENT_METHODS, PAYMENT_STATUSES, PG_PROVIDERS } from "@/lib/payments/read/schema";
import { VIRTUAL_ACCOUNT_BANKS } from "@/lib/payments/schema";
import { dictionaries, translate } from "@/lib/i18n/dictionary";

/**
 * API enum names that must never reach a page as text (ids, codes and raw JSON are marked data-raw
 * or set in monospace). A name that is also part of a label (KCP in "NHN KCP") is a brand, not a leak.
 */
const labels = Object.values(dictionaries.en).concat(Object.values(dictionaries.ko)).join("\n");
const RAW_ENUMS = [
  ...new Set([
    ...PAYMENT_STATUSES,
    ...PAYMENT_METHODS,
    ...PG_PROVIDERS,
    ...VIRTUAL_ACCOUNT_BANKS,
    ...APPLICATION_STATUSES,
    ...CONTRACT_STATUSES,
    ...METHOD_AND_TYPES,
    "NOTIFICATION_SETTING",
    "SUCCEEDED",
    "REQUEST_FAILED",
    "CONNECT_FAILED",
    "VERIFIED",
    "ISSUED",
  ]),
].filter((v) => !new RegExp(`(^|[^A-Za-z0-9_])${v}(?![A-Za-z0-9_])`).test(labels));
const RAW_PATTERN = new RegExp(`(^|[^A-Za-z0-9_])(${RAW_ENUMS.join("|")})(?![A-Za-z0-9_])`);

/**
 * Latin words a Korean page may show: those the Korean dictionary itself uses (API, URL, CSV, brand
 * names such as PortOne). Any other English word on a Korean page is a missing translation.
 */
const KOREAN_LATIN = new Set(
  Object.values(dictionaries.ko)
    .join(" ")
    .match(/[A-Za-z][A-Za-z']+/g)
    ?.map((w) => w.toLowerCase()) ?? [],
);

/**
 * Data every test merchant carries (lib/tenancy/create-merchant.ts): its owner is "<merchant> owner",
 * its first API key "default". They are names a merchant gave, not text the dashboard failed to translate.
 */
const FIXTURE_DATA = ["owner", "default"];

/**
 * English words in a Korean page's text. Data is left out: e-mails, addresses, ids (anything with a
 * digit, a hyphen, a dot or a slash) and the words of `data` (names the test itself typed).
 */
export function englishWords(text: string, data: string[] = []): string[] {
  const allowed = new Set([...FIXTURE_DATA, ...data].flatMap((d) => d.toLowerCase().match(/[a-z][a-z']+/g) ?? []));
  const words = text
    .split(/\s+/)
    .filter((token) => !/[@/\\_:.-]\w|\d/.test(token))
    .flatMap((token) => token.match(/[A-Za-z][A-Za-z']{2,}/g) ?? []);
  return [...new Set(words.filter((w) => !KOREAN_LATIN.has(w.toLowerCase()) && !allowed.has(w.toLowerCase())))];
}

/** A page's own title in the app's title template ("Payments · Payment Platform"), in either language. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PAGE_TITLE = new RegExp(
  `^\\S.* · (${escaped(translate("en", "app.name"))}|${escaped(translate("ko", "app.name"))})$`,
);

/** Visible text of the page's main region, leaving out ids, codes and machine values. */
async function readableText(page: Page): Promise<string> {
  return page.locator("main").evaluate((main) => {
    const clone = main.cloneNode(true) as HTMLElement;
    for (const el of clone.querySelectorAll(".font-mono, code, pre, [data-raw], option, script, style")) el.remove();
    return clone.innerText;
  });
}

/** Checks a page as a merchant would meet it: no raw enum names, no sideways scroll, no serious axe violation. */
export async function checkPage(page: Page, label: string) {
  // Every page has its own title. After a client-side navigation the new page can be on screen
  // before its <title> (the old one already gone), so this also waits for the navigation to have
  // fully landed before axe runs.
  await expect(page, `${label}: the page's own title`).toHaveTitle(PAGE_TITLE);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  const text = await readableText(page);
  expect(text.match(RAW_PATTERN)?.[2], `${label}: raw enum name on the page`).toBeUndefined();
  const wide = await page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow <= 0) return [];
    // Name the outermost elements that stick out, to say what to fix.
    return [...document.querySelectorAll("body *")]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > window.innerWidth + 1 &&
          !el.parentElement?.closest("[data-overflow-checked]") &&
          getComputedStyle(el).position !== "fixed",
      )
      .filter((el) => !(el.parentElement && el.parentElement.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} (+${Math.round(el.getBoundingClientRect().right - window.innerWidth)}px)`,
      );
  });
  expect(wide, `${label}: page scrolls sideways`).toEqual([]);
  // Colours mid-change fail contrast: the pointer leaves (no hover) and finite transitions end first.
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Toasts are left out: they fade in and out, and axe measures contrast mid-fade.
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude("[data-sonner-toaster]")
    .analyze();
  const bad = axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(bad, `${label}: axe`).toEqual([]);
}

/**
 * Watches the document's title from now: the returned function says whether it went blank since (a
 * page without a title, as screen readers and axe's document-title rule would meet it).
 */
export async function watchForBlankTitle(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const seen = window as unknown as { blankTitle?: boolean };
    seen.blankTitle = false;
    new MutationObserver(() => {
      if (!document.title) seen.blankTitle = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { blankTitle?: boolean }).blankTitle === true);
}

/**
 * The element is on screen as the page loads: visible, inside the viewport's width and not cut off
 * by a box that scrolls sideways (a wide table scrolled inside its card hides its later columns).
 * Nothing is scrolled sideways to check it.
 */
export async function expectOnScreenWithoutSidewaysScroll(locator: Locator, label: string) {
  await expect(locator, label).toBeVisible();
  const clipped = await locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth) return `outside the viewport (right edge ${box.right}px)`;
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === "visible") continue;
      const frame = up.getBoundingClientRect();
      if (box.left < frame.left || box.right > frame.right)
        return `cut off by ${up.tagName.toLowerCase()}.${[...up.classList].slice(0, 3).join(".")} (right edge ${box.right}px, box ${frame.right}px)`;
    }
    return null;
  });
  expect(clipped, `${label}: needs sideways scrolling`).toBeNull();
}

/**
 * checkPage, and on a Korean page the dictionary check: no English word the Korean dictionary does
 * not use itself (`englishWords`). `data` names what the test typed (order names, merchant names).
 */
export async function checkKoreanPage(page: Page, label: string, data: string[] = []) {
  await checkPage(page, label);
  if ((await page.locator("html").getAttribute("lang")) !== "ko") return;
  expect(englishWords(await readableText(page), data), `${label}: English text on a Korean page`).toEqual([]);
}
