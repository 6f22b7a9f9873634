import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { i18nReady } from "./i18n";
import "./index.css";
import { preloadChatPage } from "./chat/preload";
import { createQueryClient } from "./queryClient";
import { routes } from "./routes";

preloadChatPage(window.location.search);
const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");

await i18nReady;
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
