// Answers public/first-view.js asked for while the app's JavaScript was still on its way (issue 16
// item 13, a slow rural link): the app takes each one once instead of asking again. Only an answer
// asked with the access token the app would send is taken; anything else is asked anew.

interface EarlyAnswer {
  token: string;
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __nadoyEarly?: Record<string, EarlyAnswer | undefined>;
  }
}

/**
 * The early answer to GET `url` (path and query, exactly as the app builds it) asked with
 * `accessToken`, once; null when there is none. It resolves with null when the early request failed.
 */
export function takeEarlyResponse(url: string, accessToken: string | null): Promise<Response | null> | null {
  const answers = window.__nadoyEarly;
  const answer = answers?.[url];
  if (!answers || !answer || accessToken === null || answer.token !== accessToken) return null;
  delete answers[url];
  return answer.response;
}
