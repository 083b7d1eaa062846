import { useParams } from "react-router";
import { FeedbackFormPage } from "./FeedbackFormPage.tsx";

/** /form/:uuid inside the SPA (client-side navigation; the server itself answers form.html). */
export function FeedbackFormRoute() {
  const { uuid = "" } = useParams();
  return <FeedbackFormPage key={uuid} uuid={uuid} />;
}
