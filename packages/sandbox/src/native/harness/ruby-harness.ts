/**
 * The Ruby harness (function form): loads the candidate's solution.rb (a syntax error becomes a `compile` line in the results file, $ASSAY_RESULTS,
 * with the candidate's line), then calls the method once per case with arguments parsed by the stdlib's JSON from
 * /box/cases.json, each call timed. Every exception is caught per case (StandardError and the rest: SystemStackError, NotImplementedError,
 * an `exit`) and reported with the first frame in solution.rb. argv: marker, method name, first case (the cases before it ran in an earlier process that crashed).
 */
export const RUBY_HARNESS = `require 'json'
assay_results = File.open(ENV.fetch('ASSAY_RESULTS'), 'a')
assay_results.sync = true
assay_marker, assay_name, assay_first = ARGV
assay_solution = File.expand_path('solution.rb')
assay_where = lambda do |error|
  frames = (error.backtrace_locations || []).select { |at| at.absolute_path == assay_solution || at.path.end_with?('solution.rb') }
  [frames.first&.lineno, frames.map { |at| "solution.rb:#{at.lineno}:in \`#{at.label}'" }.join("\\n")]
end
assay_load_error = nil
begin
  load assay_solution
rescue SyntaxError => error
  line = error.message[/solution\\.rb:(\\d+):/, 1]
  assay_results.write(JSON.generate({ compile: { message: error.message.gsub(assay_solution, 'solution.rb'), line: line&.to_i } }) + "\\n")
  exit 0
rescue Exception => error
  assay_load_error = error
end
JSON.parse(File.read('cases.json'), max_nesting: false).each_with_index do |args, index|
  next if index < assay_first.to_i
  $stdout.flush
  $stderr.flush
  $stdout.write("#{assay_marker}#{index}\\n")
  $stderr.write("#{assay_marker}#{index}\\n")
  assay_started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  begin
    raise assay_load_error if assay_load_error
    value = send(assay_name, *args)
    took = ((Process.clock_gettime(Process::CLOCK_MONOTONIC) - assay_started) * 1000).round(3)
    $stdout.flush
    assay_results.write(JSON.generate({ case: index, timeMs: took, value: value }, max_nesting: false) + "\\n")
  rescue Exception => error
    took = ((Process.clock_gettime(Process::CLOCK_MONOTONIC) - assay_started) * 1000).round(3)
    $stdout.flush
    line, trace = assay_where.call(error)
    report = { case: index, timeMs: took, error: "#{error.message} (#{error.class})" }
    report.merge!(line: line, trace: trace) if line
    assay_results.write(JSON.generate(report) + "\\n")
  end
end
$stdout.flush
`;

/** The stdio form: the candidate's script, run as is (a syntax error is read from its stderr). */
export const rubySyntaxError = (stderr: string): { message: string; line: number } | undefined => {
  const match = /^(?:\/box\/)?solution\.rb:(\d+): (syntax errors? .*|syntax error.*)$/m.exec(stderr);
  return match ? { message: stderr.slice(match.index).replaceAll('/box/', '').trim(), line: Number(match[1]) } : undefined;
};
