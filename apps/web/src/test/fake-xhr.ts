// XMLHttpRequest for component tests: the request goes through fetch (the mocked API, so calls are
// recorded and held as usual); half the body counts as sent at once, the rest when fetch answers.
// abort() ends it as a browser does: an "abort" event, and the answer (if one comes) is ignored.

export class FakeXhr {
  status = 0;
  responseText = "";
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  private method = "GET";
  private url = "";
  private readonly headers: Record<string, string> = {};
  private aborted = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }

  send(body: XMLHttpRequestBodyInit | null = null): void {
    const total = body instanceof Blob ? body.size : 0;
    const sent = (loaded: number) =>
      this.upload.dispatchEvent(new ProgressEvent("progress", { lengthComputable: true, loaded, total }));
    if (total > 0) sent(total / 2);
    fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (response) => {
        if (this.aborted) return;
        if (total > 0) sent(total);
        this.status = response.status;
        this.responseText = await response.text();
        this.events.dispatchEvent(new Event("load"));
      },
      () => {
        if (!this.aborted) this.events.dispatchEvent(new Event("error"));
      },
    );
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.events.dispatchEvent(new Event("abort"));
  }
}
