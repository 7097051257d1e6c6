import { CASES_FILE } from './case-data.js';

/**
 * The part of every C and C++ harness that does not depend on the question, compiled once per process into an
 * object file (c-family-cache.ts) and linked with each program, so the candidate's translation unit includes no
 * POSIX header (a candidate's `index` or `link` cannot clash with one) and each compile stays small (decision 723).
 * It loads the case data (case-data.ts, decision 1085) and reads it for the generated `assay_case`, which reads the
 * arguments of the case the reader stands at; each call's time goes into its result line.
 *
 * main() runs every case in a child of its own (fork is ~0.1 ms): a crash (SIGSEGV, abort, an uncaught C++
 * exception) answers its own case, with the raw return addresses of the candidate's frames, and later cases still
 * run. Each child gets a CPU limit of its own (argv[2], seconds), so a looping case ends as a time limit of that case alone.
 * Results are JSON lines in the results file, $ASSAY_RESULTS (harness-protocol.ts); `"limit":"time"` marks a case stopped by its CPU limit.
 */
export const C_RUNTIME_SOURCE = String.raw`
#define _GNU_SOURCE
#include <execinfo.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void assay_case(void);

static int current = -1;
static unsigned char *data;
static size_t at;
static struct timespec started;
static volatile unsigned char *done;
static char *buffer;
static size_t length, capacity;

static void grow(size_t more) {
  if (length + more <= capacity) return;
  while (length + more > capacity) capacity = capacity ? capacity * 2 : 4096;
  buffer = realloc(buffer, capacity);
  if (!buffer) _exit(3);
}

void assay_put_raw(const char *text) {
  size_t n = strlen(text);
  grow(n);
  memcpy(buffer + length, text, n);
  length += n;
}

void assay_put_int(long long value) {
  char text[32];
  snprintf(text, sizeof text, "%lld", value);
  assay_put_raw(text);
}

void assay_put_double(double value) {
  char text[40];
  if (value != value || value - value != 0) { assay_put_raw("null"); return; }
  for (int precision = 1; precision <= 17; precision++) {
    snprintf(text, sizeof text, "%.*g", precision, value);
    if (strtod(text, NULL) == value) break;
  }
  assay_put_raw(text);
}

void assay_put_bool(int value) { assay_put_raw(value ? "true" : "false"); }

void assay_put_string(const char *text, size_t n) {
  if (!text) { assay_put_raw("null"); return; }
  grow(n * 6 + 2);
  buffer[length++] = '"';
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c == '"' || c == '\\') { buffer[length++] = '\\'; buffer[length++] = (char)c; }
    else if (c < 0x20) length += (size_t)sprintf(buffer + length, "\\u%04x", c);
    else buffer[length++] = (char)c;
  }
  buffer[length++] = '"';
}

void assay_put_cstring(const char *text) { assay_put_string(text, text ? strlen(text) : 0); }

void assay_put_char(char value) { assay_put_string(&value, 1); }

/** The case data: a number a line, a string its length then its bytes (the file ends with a NUL, for strtod). */
long long assay_read_int(void) {
  int negative = data[at] == '-';
  if (negative) at++;
  long long n = 0;
  while (data[at] != '\n') n = n * 10 - (data[at++] - '0');
  at++;
  return negative ? n : -n;
}

double assay_read_double(void) {
  char *end;
  double value = strtod((char *)data + at, &end);
  at = (size_t)(end - (char *)data) + 1;
  return value;
}

char *assay_read_string(size_t *length) {
  size_t n = (size_t)assay_read_int();
  char *text = malloc(n + 1);
  if (!text) _exit(3);
  memcpy(text, data + at, n);
  text[n] = 0;
  at += n;
  if (length) *length = n;
  return text;
}

static void load(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) { perror(path); exit(2); }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  data = malloc((size_t)size + 1);
  if (!data || fread(data, 1, (size_t)size, file) != (size_t)size) exit(2);
  data[size] = 0;
  fclose(file);
}

/** The candidate's call begins: reading its arguments is not its time. */
void assay_started(void) { clock_gettime(CLOCK_MONOTONIC, &started); }

/* The results file ($ASSAY_RESULTS), opened by main. */
static int results = -1;

static void send(void) {
  grow(1);
  buffer[length++] = '\n';
  for (size_t sent = 0; sent < length;) {
    ssize_t n = write(results, buffer + sent, length - sent);
    if (n <= 0) break;
    sent += (size_t)n;
  }
  *done = 1;
}

/** Starts the result line of the current case, with the call's time: the value follows. */
void assay_begin(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  double ms = (double)(now.tv_sec - started.tv_sec) * 1e3 + (double)(now.tv_nsec - started.tv_nsec) / 1e6;
  length = 0;
  char head[80];
  snprintf(head, sizeof head, "{\"case\":%d,\"timeMs\":%.3f,\"value\":", current, ms);
  assay_put_raw(head);
}

/** Ends the result line and the case. */
void assay_end(void) {
  assay_put_raw("}");
  fflush(stdout);
  send();
}

/** The case failed: message, and the return addresses of the stack for the host to name the candidate's lines. */
void assay_crash(const char *message) {
  void *frames[64];
  int count = backtrace(frames, 64);
  length = 0;
  char head[48];
  snprintf(head, sizeof head, "{\"case\":%d,\"error\":", current);
  assay_put_raw(head);
  assay_put_cstring(message);
  assay_put_raw(",\"trace\":\"@frames");
  for (int i = 0; i < count; i++) {
    char address[24];
    snprintf(address, sizeof address, " %p", frames[i]);
    assay_put_raw(address);
  }
  assay_put_raw("\"}");
  fflush(stdout);
  send();
  _exit(1);
}

static void on_signal(int number) {
  switch (number) {
    case SIGSEGV: assay_crash("Segmentation fault (SIGSEGV): an invalid memory access, or a stack overflow (endless recursion)");
    case SIGBUS: assay_crash("Bus error (SIGBUS): an invalid memory access");
    case SIGFPE: assay_crash("Arithmetic error (SIGFPE): an integer division by zero or an overflow of a division");
    case SIGILL: assay_crash("Illegal instruction (SIGILL)");
    default: assay_crash("Aborted (SIGABRT): abort() or a failed assert (its message is in the output)");
  }
}

static void guard(void) {
  static char stack[64 * 1024];
  stack_t alternate = { .ss_sp = stack, .ss_size = sizeof stack, .ss_flags = 0 };
  sigaltstack(&alternate, NULL);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_signal;
  action.sa_flags = SA_ONSTACK | SA_RESETHAND;
  int signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
  for (size_t i = 0; i < sizeof signals / sizeof *signals; i++) sigaction(signals[i], &action, NULL);
}

static void report(int index, const char *message, const char *limit) {
  current = index;
  length = 0;
  char head[48];
  snprintf(head, sizeof head, "{\"case\":%d,\"error\":", index);
  assay_put_raw(head);
  assay_put_cstring(message);
  if (limit) { assay_put_raw(",\"limit\":"); assay_put_cstring(limit); }
  assay_put_raw("}");
  send();
}

int main(int argc, char **argv) {
  const char *marker = argc > 1 ? argv[1] : "";
  /* Opened once, appending: every forked case writes its line at the end. */
  results = open(getenv("ASSAY_RESULTS"), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (results < 0) _exit(2);
  long cpu_seconds = argc > 2 ? atol(argv[2]) : 0;
  setvbuf(stdout, NULL, _IOLBF, 0);
  grow(64 * 1024); /* a crash handler then rarely needs malloc, which a corrupted heap may have broken */
  done = mmap(NULL, 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  void *warm[1];
  backtrace(warm, 1); /* loads libgcc's unwinder before any crash needs it */
  load("${CASES_FILE}");
  int cases = (int)assay_read_int();
  size_t *offsets = malloc(sizeof(size_t) * (cases > 0 ? (size_t)cases : 1));
  for (int index = 0; index < cases; index++) {
    size_t bytes = (size_t)assay_read_int();
    offsets[index] = at;
    at += bytes;
  }
  for (int index = 0; index < cases; index++) {
    at = offsets[index];
    printf("%s%d\n", marker, index);
    fflush(stdout);
    fprintf(stderr, "%s%d\n", marker, index);
    *done = 0;
    pid_t child = fork();
    if (child == 0) {
      current = index;
      if (cpu_seconds > 0) {
        struct rlimit cpu = { (rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1 };
        setrlimit(RLIMIT_CPU, &cpu);
      }
      guard();
      clock_gettime(CLOCK_MONOTONIC, &started);
      assay_case();
      fflush(stdout);
      _exit(0);
    }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) < 0) { report(index, "The harness could not start this case", NULL); continue; }
    if (*done) continue;
    char message[160];
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU) { report(index, "Time limit exceeded", "time"); continue; }
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) return 0; /* killed from outside: the run's limits speak */
    if (WIFSIGNALED(status)) snprintf(message, sizeof message, "The program was killed by signal %d (%s) during this case", WTERMSIG(status), strsignal(WTERMSIG(status)));
    else snprintf(message, sizeof message, "The program exited (exit code %d) during the call, before returning", WEXITSTATUS(status));
    report(index, message, NULL);
  }
  return 0;
}
`;

/** The C++ part: an uncaught exception answers its case with its type and what(), and the stack where it was thrown. */
export const CPP_RUNTIME_SOURCE = String.raw`
#include <cxxabi.h>
#include <exception>
#include <string>
#include <typeinfo>

extern "C" void assay_crash(const char *message);

static void on_terminate() {
  std::string message = "std::terminate was called (an exception thrown through noexcept, or a joinable thread destroyed)";
  if (std::exception_ptr thrown = std::current_exception()) {
    try {
      std::rethrow_exception(thrown);
    } catch (const std::exception &error) {
      int status = 0;
      char *name = abi::__cxa_demangle(typeid(error).name(), nullptr, nullptr, &status);
      message = std::string("Uncaught exception ") + (name ? name : typeid(error).name()) + ": " + error.what();
    } catch (...) {
      message = "Uncaught exception (not a std::exception)";
    }
  }
  assay_crash(message.c_str());
}

static const bool installed = (std::set_terminate(on_terminate), true);
`;
