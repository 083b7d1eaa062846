import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { StandaloneFormApp } from "./features/feedback-form/StandaloneFormApp.tsx";

// form.html, the public /form/:uuid page (the server answers it for /form/*): the form alone,
// without the app's router, query client, shell or antd, so that it stays small (spec §2).
const root = document.getElementById("root");
if (!root) throw new Error("form.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <StandaloneFormApp pathname={window.location.pathname} />
  </StrictMode>,
);
