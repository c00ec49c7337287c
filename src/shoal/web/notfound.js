// The page for an unknown address: the usual top bar and footer around the server's words.
import { footer, topbar } from "./common.js";

topbar();
footer();
