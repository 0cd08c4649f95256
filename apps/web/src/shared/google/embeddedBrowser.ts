/**
 * In-app browsers (the webviews of social and chat apps) that Google refuses to sign in from
 * ("disallowed_useragent"), recognised by the markers their apps add to the user agent.
 */
const IN_APP_MARKERS: readonly RegExp[] = [
  /\bFBAN\b|\bFBAV\b|\bFB_IAB\b|\bFBIOS\b|\bFB4A\b/, // Facebook, Messenger
  /\bInstagram\b/,
  /\bLine\//, // LINE
  /\bTwitter\b|\bTwitterAndroid\b/,
  /\bMicroMessenger\b/, // WeChat
  /\bSnapchat\b/,
  /\bLinkedInApp\b/,
  /\bPinterest\b/,
  /\bmusical_ly\b|\bBytedanceWebview\b|\bTikTok\b/i,
  /;\s*wv\)/, // Android System WebView: "(Linux; Android 13; Pixel 7; wv)"
];

/**
 * An iOS app's WKWebView: WebKit on an iPhone, iPad or iPod whose user agent lacks "Safari/",
 * which Safari and the other iOS browsers (CriOS, FxiOS, EdgiOS) all carry.
 */
function isIosWebView(userAgent: string): boolean {
  return (
    /\b(iPhone|iPad|iPod)\b/.test(userAgent) && /AppleWebKit/.test(userAgent) && !/Safari\//.test(userAgent)
  );
}

/** Whether `userAgent` belongs to an embedded browser or in-app webview (SPEC §8). */
export function isEmbeddedBrowser(userAgent: string): boolean {
  return IN_APP_MARKERS.some((marker) => marker.test(userAgent)) || isIosWebView(userAgent);
}
