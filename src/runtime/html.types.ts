/**
 * The part of the HTMLRewriter API (Cloudflare's, which Bun and html-rewriter-wasm both implement)
 * that ctxmode uses. Objects handed to a handler are valid only during that call.
 */

export interface ContentOptions {
  html?: boolean;
}

export interface HtmlEndTag {
  name: string;
  before(content: string, options?: ContentOptions): unknown;
  after(content: string, options?: ContentOptions): unknown;
}

export interface HtmlElement {
  tagName: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): unknown;
  removeAttribute(name: string): unknown;
  before(content: string, options?: ContentOptions): unknown;
  after(content: string, options?: ContentOptions): unknown;
  prepend(content: string, options?: ContentOptions): unknown;
  replace(content: string, options?: ContentOptions): unknown;
  remove(): unknown;
  removeAndKeepContent(): unknown;
  onEndTag(handler: (end: HtmlEndTag) => void): void;
}

export interface HtmlText {
  readonly text: string;
  readonly lastInTextNode: boolean;
  remove(): unknown;
}

export interface HtmlComment {
  remove(): unknown;
}

export interface ElementHandlers {
  element?(element: HtmlElement): void;
  text?(text: HtmlText): void;
  comments?(comment: HtmlComment): void;
}

export interface DocumentHandlers {
  text?(text: HtmlText): void;
  comments?(comment: HtmlComment): void;
}

export interface RewriteRules {
  /** Selector and handlers, in the order they are registered. */
  elements: [selector: string, handlers: ElementHandlers][];
  document?: DocumentHandlers;
}
