// @ts-check
// The language picker (docs/translating.md), in the top bar of every page and on the account
// page: PUT /api/language sets this browser's cookie and, signed in, the account's setting;
// the page then loads again in the chosen language (the server makes each page in it).
import { api } from "./net.js";
import { lang, languages, t } from "./i18n.js";

/**
 * A <select> of the languages, the page's own chosen; choosing one switches the site to it.
 * @param {string} id the element's id (one picker per id on a page)
 * @returns {HTMLSelectElement}
 */
export function languagePicker(id) {
  const select = document.createElement("select");
  select.id = id;
  select.className = "language-picker";
  select.setAttribute("aria-label", t("Language"));
  select.title = t("Language");
  if (!languages.some(([code]) => code === lang)) {
    // the pseudo-locale (chosen by its cookie, never offered): shown as chosen, not choosable
    const option = document.createElement("option");
    option.value = lang;
    option.textContent = lang;
    option.selected = option.disabled = true;
    select.append(option);
  }
  for (const [code, name] of languages) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener("change", async () => {
    select.disabled = true;
    try {
      await api("/api/language", { method: "PUT", body: { language: select.value } });
      location.reload();
    } catch {
      select.value = lang;
      select.disabled = false;
    }
  });
  return select;
}
