/**
 * Runs generated C, C++ and Rust request samples for real, against stand-ins of libcurl, cpr and
 * reqwest/tokio (neither library is on the test machines, nor reachable offline): each stand-in has the
 * calls' real shapes and, instead of sending, prints what it was asked to send (method, URL, headers, the
 * body as hex), so a test compares the program's request with cURL's, byte for byte. The compilers are
 * the real ones (gcc, g++, rustc), strict, so a sample that would not compile fails.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Requirement } from './needs.js';

/** A program on PATH. */
export function onPath(program: string): Requirement {
  return {
    missing: () => (spawnSync(program, ['--version']).status === 0 ? null : `no ${program} on PATH`),
  };
}

/**
 * What a sample sent: `method`, `url`, `header` lines and `body` (hex) lines, one a line; then what it
 * printed of the response, which each stand-in answers with `RESPONSE` (libcurl writes it to stdout as is).
 */
export type Sent = string;

const CURL_H = String.raw`
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct { int unused; } CURL;
typedef enum { CURLE_OK = 0, CURLE_FAILED = 1 } CURLcode;
typedef enum { CURLOPT_URL = 1, CURLOPT_CUSTOMREQUEST, CURLOPT_HTTPHEADER, CURLOPT_POSTFIELDS, CURLOPT_NOBODY } CURLoption;
struct curl_slist { char *data; struct curl_slist *next; };
static CURL stub_handle;
static const char *stub_method = "GET", *stub_url = "", *stub_body = NULL;
static const struct curl_slist *stub_headers = NULL;
static CURL *curl_easy_init(void) { return &stub_handle; }
static struct curl_slist *curl_slist_append(struct curl_slist *list, const char *text) {
  struct curl_slist *item = (struct curl_slist *)malloc(sizeof *item), *last = list;
  item->data = (char *)malloc(strlen(text) + 1);
  strcpy(item->data, text);
  item->next = NULL;
  if (!list) return item;
  while (last->next) last = last->next;
  last->next = item;
  return list;
}
static CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
  va_list args;
  (void)handle;
  va_start(args, option);
  if (option == CURLOPT_HTTPHEADER) stub_headers = va_arg(args, const struct curl_slist *);
  else if (option == CURLOPT_NOBODY) stub_method = va_arg(args, long) == 1L ? "HEAD" : "GET";
  else if (option == CURLOPT_URL) stub_url = va_arg(args, const char *);
  else if (option == CURLOPT_CUSTOMREQUEST) stub_method = va_arg(args, const char *);
  else stub_body = va_arg(args, const char *);
  va_end(args);
  return CURLE_OK;
}
static CURLcode curl_easy_perform(CURL *handle) {
  const struct curl_slist *item;
  const char *byte;
  (void)handle;
  printf("method %s\nurl %s\n", stub_method, stub_url);
  for (item = stub_headers; item; item = item->next) printf("header %s\n", item->data);
  if (stub_body) {
    printf("body ");
    for (byte = stub_body; *byte; byte++) printf("%02x", (unsigned char)*byte);
    printf("\n");
  }
  printf("RESPONSE");
  return CURLE_OK;
}
static const char *curl_easy_strerror(CURLcode code) { return code == CURLE_OK ? "ok" : "failed"; }
static void curl_slist_free_all(struct curl_slist *list) {
  while (list) { struct curl_slist *next = list->next; free(list->data); free(list); list = next; }
}
static void curl_easy_cleanup(CURL *handle) { (void)handle; }
`;

const CPR_H = String.raw`
#include <cstdio>
#include <map>
#include <string>
namespace cpr {
struct Url { std::string text; };
struct Body { std::string text; };
struct Header : std::map<std::string, std::string> { using std::map<std::string, std::string>::map; };
struct Response { std::string text; };
inline void sent(const Url &url) { std::printf("url %s\n", url.text.c_str()); }
inline void sent(const Header &header) {
  for (const auto &field : header) std::printf("header %s: %s\n", field.first.c_str(), field.second.c_str());
}
inline void sent(const Body &body) {
  std::printf("body ");
  for (unsigned char byte : body.text) std::printf("%02x", byte);
  std::printf("\n");
}
template <typename... Parts> Response send(const char *method, const Parts &...parts) {
  std::printf("method %s\n", method);
  (sent(parts), ...);
  return Response{"RESPONSE"};
}
template <typename... Parts> Response Get(const Parts &...p) { return send("GET", p...); }
template <typename... Parts> Response Post(const Parts &...p) { return send("POST", p...); }
template <typename... Parts> Response Put(const Parts &...p) { return send("PUT", p...); }
template <typename... Parts> Response Patch(const Parts &...p) { return send("PATCH", p...); }
template <typename... Parts> Response Delete(const Parts &...p) { return send("DELETE", p...); }
template <typename... Parts> Response Head(const Parts &...p) { return send("HEAD", p...); }
template <typename... Parts> Response Options(const Parts &...p) { return send("OPTIONS", p...); }
}
`;

/** tokio's `main` attribute: the async body run to completion on a do-nothing executor. */
const TOKIO_RS = String.raw`
extern crate proc_macro;
use proc_macro::{TokenStream, TokenTree};
#[proc_macro_attribute]
pub fn main(_: TokenStream, item: TokenStream) -> TokenStream {
    let mut tokens: Vec<TokenTree> = item.into_iter().filter(|t| t.to_string() != "async").collect();
    let body = tokens.pop().expect("a body");
    let arrow = (0..tokens.len()).find(|&i| tokens[i].to_string() == "-").expect("a return type");
    let output: TokenStream = tokens[arrow + 2..].iter().cloned().collect();
    let head: TokenStream = tokens.into_iter().collect();
    // Typed, as the async block's error type cannot be inferred from its ? alone.
    let future = format!("std::pin::Pin<Box<dyn std::future::Future<Output = {}>>>", output);
    format!("{} {{ let body: {} = Box::pin(async move {}); reqwest::block_on(body) }}", head, future, body).parse().unwrap()
}
`;

const REQWEST_RS = String.raw`
use std::future::Future;
use std::task::{Context, Poll, RawWaker, RawWakerVTable, Waker};
pub fn block_on<F: Future>(future: F) -> F::Output {
    fn raw() -> RawWaker { RawWaker::new(std::ptr::null(), &VTABLE) }
    static VTABLE: RawWakerVTable = RawWakerVTable::new(|_| raw(), |_| {}, |_| {}, |_| {});
    let waker = unsafe { Waker::from_raw(raw()) };
    let mut future = Box::pin(future);
    match future.as_mut().poll(&mut Context::from_waker(&waker)) { Poll::Ready(out) => out, Poll::Pending => panic!("pending") }
}
#[derive(Debug)]
pub struct Error;
impl std::fmt::Display for Error { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { f.write_str("error") } }
impl std::error::Error for Error {}
pub struct Method(String);
impl Method {
    pub const OPTIONS: Method = Method(String::new());
    pub fn from_bytes(bytes: &[u8]) -> Result<Method, Error> { Ok(Method(String::from_utf8(bytes.to_vec()).map_err(|_| Error)?)) }
}
pub struct Client;
pub struct RequestBuilder;
pub struct Response;
impl Client {
    pub fn new() -> Client { Client }
    fn start(&self, method: &str, url: &str) -> RequestBuilder { println!("method {}\nurl {}", method, url); RequestBuilder }
    pub fn get(&self, url: &str) -> RequestBuilder { self.start("GET", url) }
    pub fn post(&self, url: &str) -> RequestBuilder { self.start("POST", url) }
    pub fn put(&self, url: &str) -> RequestBuilder { self.start("PUT", url) }
    pub fn patch(&self, url: &str) -> RequestBuilder { self.start("PATCH", url) }
    pub fn delete(&self, url: &str) -> RequestBuilder { self.start("DELETE", url) }
    pub fn head(&self, url: &str) -> RequestBuilder { self.start("HEAD", url) }
    pub fn request(&self, method: Method, url: &str) -> RequestBuilder { self.start(if method.0.is_empty() { "OPTIONS" } else { &method.0 }, url) }
}
impl RequestBuilder {
    pub fn header(self, name: &str, value: &str) -> RequestBuilder { println!("header {}: {}", name, value); self }
    pub fn body<T: Into<String>>(self, body: T) -> RequestBuilder {
        println!("body {}", body.into().bytes().map(|b| format!("{:02x}", b)).collect::<String>());
        self
    }
    pub async fn send(self) -> Result<Response, Error> { Ok(Response) }
}
impl Response { pub async fn text(self) -> Result<String, Error> { Ok(String::from("RESPONSE")) } }
`;

function run(program: string, args: readonly string[], cwd: string): string {
  const result = spawnSync(program, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Compiles and runs a C sample (gcc, C99 with trigraphs, every warning an error): what it sent. */
export function runC(code: string): Sent {
  const dir = mkdtempSync(join(tmpdir(), 'sample-c-'));
  mkdirSync(join(dir, 'curl'));
  writeFileSync(join(dir, 'curl', 'curl.h'), CURL_H);
  writeFileSync(join(dir, 'main.c'), code);
  run('gcc', ['-std=c99', '-trigraphs', '-Wall', '-Wextra', '-Werror', '-I', dir, '-o', 'main', 'main.c'], dir);
  return run(join(dir, 'main'), [], dir);
}

/** Compiles and runs a C++ sample (g++, C++17, every warning an error): what it sent. */
export function runCpp(code: string): Sent {
  const dir = mkdtempSync(join(tmpdir(), 'sample-cpp-'));
  const stubs = join(dir, 'include');
  mkdirSync(join(stubs, 'cpr'), { recursive: true });
  mkdirSync(join(stubs, 'curl'));
  writeFileSync(join(stubs, 'cpr', 'cpr.h'), CPR_H);
  writeFileSync(join(stubs, 'curl', 'curl.h'), CURL_H);
  writeFileSync(join(dir, 'main.cpp'), code);
  run('g++', ['-std=c++17', '-Wall', '-Wextra', '-Werror', '-I', stubs, '-o', 'main', 'main.cpp'], dir);
  return run(join(dir, 'main'), [], dir);
}

/** Compiles (rustc, edition 2021, warnings denied) and runs a Rust sample: what it sent. */
export function runRust(code: string): Sent {
  const dir = mkdtempSync(join(tmpdir(), 'sample-rs-'));
  writeFileSync(join(dir, 'tokio.rs'), TOKIO_RS);
  writeFileSync(join(dir, 'reqwest.rs'), REQWEST_RS);
  writeFileSync(join(dir, 'main.rs'), code);
  const rustc = (...args: string[]): string => run('rustc', ['--edition', '2021', ...args], dir);
  rustc('--crate-type', 'proc-macro', 'tokio.rs');
  rustc('--crate-type', 'rlib', '-A', 'warnings', 'reqwest.rs');
  rustc('-D', 'warnings', '--extern', 'tokio=libtokio.so', '--extern', 'reqwest=libreqwest.rlib', '-L', '.', 'main.rs');
  return execFileSync(join(dir, 'main'), { encoding: 'utf8' });
}

/** What cURL's request sends, in the stand-ins' words (`headerOrder: false` sorts the header lines, as cpr's map, and its stand-in's, do). */
export function sentBy(
  method: string,
  url: string,
  headers: readonly (readonly [string, string])[],
  body: string | undefined,
  headerOrder = true,
): Sent {
  const lines = headers.map(([name, value]) => `header ${name}: ${value}`);
  if (!headerOrder) lines.sort();
  return [
    `method ${method}`,
    `url ${url}`,
    ...lines,
    ...(body === undefined ? [] : [`body ${Buffer.from(body).toString('hex')}`]),
    '',
  ].join('\n');
}
