/** The widget page's entry point: mount the view in `#widget` and talk to the host window. */

import { mount } from "./app.js";

const root = document.getElementById("widget");
if (root !== null) {
  mount(root);
}
