// @ts-check
// The installed app (issue 43): the service worker on every page, the count of games where it
// is your turn in the tab title and on the app's icon (Badging API), and Web Push
// subscriptions (GET /api/push/key, POST and DELETE /api/push/subscriptions).

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
 * @returns {Uint8Array}
 */
function keyBytes(key) {
  const base64 = (key + "=".repeat((4 - (key.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
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
  if (!pushSupported()) throw new Error("this browser cannot receive push notifications");
  registerWorker();
  if ((await Notification.requestPermission()) !== "granted") throw new Error("notifications are blocked for this site in the browser");
  const registration = await navigator.serviceWorker.ready;
  const answer = await fetch("/api/push/key");
  if (!answer.ok) throw new Error("the server has no push key");
  const { key } = await answer.json();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  const saved = await fetch("/api/push/subscriptions", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(subscription.toJSON()) });
  if (!saved.ok) throw new Error((await saved.json().catch(() => ({}))).detail ?? "the server refused the subscription");
  return subscription;
}

/** Unsubscribes this device, at the browser and at the server. */
export async function unsubscribe() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await fetch("/api/push/subscriptions", { method: "DELETE", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ endpoint: subscription.endpoint }) });
  await subscription.unsubscribe();
}
