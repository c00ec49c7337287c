// @ts-check
// The installed app (issue 43): the service worker on every page, the count of games where it
// is your turn in the tab title and on the app's icon (Badging API), and Web Push
// subscriptions (GET /api/push/key, POST and DELETE /api/push/subscriptions).

import { api } from "./net.js";
import { t } from "./i18n.js";

/** Registers /sw.js (scope: the whole site); a browser without service workers does without. */
export function registerWorker() {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
}

/**
 * Shows the number of games where it is your turn: "(N) " before the tab's title, and the
 * installed app's badge (cleared at 0).
 * @param {number} count
 */
export function showTurns(count) {
  const bare = document.title.replace(/^\(\d+\) /, "");
  document.title = count ? `(${count}) ${bare}` : bare;
  const nav = /** @type {Navigator & {setAppBadge?: (n: number) => Promise<void>, clearAppBadge?: () => Promise<void>}} */ (navigator);
  if (count && nav.setAppBadge) nav.setAppBadge(count).catch(() => {});
  else if (!count && nav.clearAppBadge) nav.clearAppBadge().catch(() => {});
}

/** @returns {boolean} whether this browser can receive Web Push at all */
export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/**
 * The base64url VAPID key as the bytes PushManager.subscribe wants.
 * @param {string} key
 * @returns {Uint8Array<ArrayBuffer>}
 */
function keyBytes(key) {
  const base64 = (key + "=".repeat((4 - (key.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** @returns {Promise<PushSubscription | null>} this device's subscription, if any */
export async function currentSubscription() {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/**
 * Subscribes this device (asks the permission first) and tells the server.
 * @returns {Promise<PushSubscription>}
 */
export async function subscribe() {
  if (!pushSupported()) throw new Error(t("This browser cannot receive push notifications."));
  registerWorker();
  if ((await Notification.requestPermission()) !== "granted") throw new Error(t("Notifications are blocked for this site in the browser."));
  const registration = await navigator.serviceWorker.ready;
  const { key } = /** @type {{key: string}} */ (await api("/api/push/key"));
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await api("/api/push/subscriptions", { method: "POST", body: subscription.toJSON() });
  return subscription;
}

/** Unsubscribes this device, at the browser and at the server. */
export async function unsubscribe() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api("/api/push/subscriptions", { method: "DELETE", body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
