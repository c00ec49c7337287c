// @ts-check
/**
 * @file The pages of an unknown address or a refusal (the server writes their words,
 * server/errors.py): the usual top bar and footer around them. No function of its own.
 */
import { footer, topbar } from "./common.js";

topbar();
footer();
