/**
 * The PHP harness (function form): errors become ErrorException, the candidate's solution.php is required (a
 * ParseError or CompileError becomes a `compile` line in the results file, $ASSAY_RESULTS, with the candidate's line), then the function is called
 * once per case with arguments decoded by json_decode from /box/cases.json, each call timed. Throwables are caught per case and
 * reported at the first place in solution.php. argv: marker, function name, "map" when the signature returns a map
 * (an empty PHP array is then written {} and the keys stay keys), first case (see gorust-steps.ts runCases).
 */
export const PHP_HARNESS = `<?php
$assayResults = fopen(getenv('ASSAY_RESULTS'), 'a');
[, $assayMarker, $assayName, $assayReturns, $assayFirst] = $argv;
$assaySolution = __DIR__ . '/solution.php';
set_error_handler(function (int $level, string $message, string $file, int $line): bool {
    if (!(error_reporting() & $level)) return false;
    throw new ErrorException($message, 0, $level, $file, $line);
});
function assayWhere(Throwable $error, string $solution): array {
    $frames = [];
    if ($error->getFile() === $solution) $frames[] = $error->getLine();
    foreach ($error->getTrace() as $frame) if (($frame['file'] ?? '') === $solution) $frames[] = $frame['line'];
    return $frames;
}
function assayJson($value, string $returns): string {
    $flags = JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR;
    if ($returns === 'map' && is_array($value)) {
        $parts = [];
        foreach ($value as $key => $item) $parts[] = json_encode((string) $key, $flags) . ':' . json_encode($item, $flags);
        return '{' . implode(',', $parts) . '}';
    }
    return json_encode($value, $flags);
}
$assayLoadError = null;
try {
    require $assaySolution;
} catch (ParseError | CompileError $error) {
    fwrite($assayResults, json_encode(['compile' => ['message' => $error->getMessage(), 'line' => $error->getLine()]]) . "\\n");
    exit(0);
} catch (Throwable $error) {
    $assayLoadError = $error;
}
foreach (json_decode(file_get_contents(__DIR__ . '/cases.json'), true, 4096, JSON_THROW_ON_ERROR) as $assayIndex => $assayArgs) {
    if ($assayIndex < (int) $assayFirst) continue;
    fwrite(STDOUT, $assayMarker . $assayIndex . "\\n");
    fwrite(STDERR, $assayMarker . $assayIndex . "\\n");
    $assayStarted = hrtime(true);
    try {
        if ($assayLoadError !== null) throw $assayLoadError;
        $assayValue = $assayName(...$assayArgs);
        $assayTook = json_encode(round((hrtime(true) - $assayStarted) / 1e6, 3));
        $assayLine = '{"case":' . $assayIndex . ',"timeMs":' . $assayTook . ',"value":' . assayJson($assayValue, $assayReturns) . "}\\n";
    } catch (Throwable $error) {
        $lines = assayWhere($error, $assaySolution);
        $report = ['case' => $assayIndex, 'timeMs' => round((hrtime(true) - $assayStarted) / 1e6, 3), 'error' => get_class($error) . ': ' . $error->getMessage()];
        if ($lines !== []) $report += ['line' => $lines[0], 'trace' => implode("\\n", array_map(fn ($line) => "solution.php:$line", $lines))];
        $assayLine = json_encode($report, JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE) . "\\n";
    }
    fwrite($assayResults, $assayLine);
}
`;

/** A fatal error PHP cannot throw (a redeclared function…), or the stdio form's parse error, read from stderr. */
export const phpFatalError = (text: string): { message: string; line: number } | undefined => {
  const match = /PHP (?:Parse|Fatal) error:\s+(.*) in \/box\/solution\.php on line (\d+)/.exec(text);
  return match ? { message: (match[1] as string).trim(), line: Number(match[2]) } : undefined;
};
