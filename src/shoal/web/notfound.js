// @ts-check
// The pages of an unknown address or a refusal: the usual top bar and footer around the server's words.
import { footer, topbar } from "./common.js";

topbar();
footer();
