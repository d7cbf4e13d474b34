//! The command output quoted in README.md is what the commands print today:
//! each quote is run and compared here, so it cannot go stale, and so are
//! the C and C++ blocks' printed lines (their `→` comments). (The Python
//! block's printed values are checked by `oware-py/tests/test_docs.py`.)
//!
//! A quoted block may leave lines out with a line holding only `…`: the
//! lines on either side must then appear in the output in that order, with
//! anything between them.

use std::path::Path;
use std::process::Command;

/// The README, as committed.
fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    std::fs::read_to_string(path).expect("read README.md")
}

/// The body of the first fenced block of `language` after the first line
/// of the README that contains `marker`.
fn block_after(readme: &str, marker: &str, language: &str) -> String {
    let start = readme
        .find(marker)
        .unwrap_or_else(|| panic!("the README no longer says {marker:?}"));
    let fence = format!("```{language}\n");
    let body = start
        + readme[start..]
            .find(&fence)
            .unwrap_or_else(|| panic!("no ```{language} block after {marker:?}"))
        + fence.len();
    let end = body
        + readme[body..]
            .find("```")
            .expect("the block's closing fence");
    readme[body..end].to_owned()
}

/// Runs the example `name` with `args` from the workspace root; its stdout,
/// after checking that it succeeded.
fn example(name: &str, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "--quiet", "--example", name, "--"])
        .args(args)
        .env("OWARE_PLAY_SAVE", "off")
        .env("OWARE_ENDGAME_CACHE", "off")
        .output()
        .expect("run the example");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{name} {args:?} failed: {stderr}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// Checks that `output` is what `quoted` shows: the same lines, where a
/// line of only `…` in the quote stands for any lines (at least one).
/// Spaces at the ends of lines are not compared.
fn assert_quote_matches(quoted: &str, output: &str) {
    let lines: Vec<&str> = output.lines().map(str::trim_end).collect();
    let quoted: Vec<&str> = quoted.lines().map(str::trim_end).collect();
    let mut at = 0;
    for (i, segment) in quoted.split(|line| line.trim() == "…").enumerate() {
        let found = if i == 0 {
            lines.starts_with(segment).then_some(0)
        } else if segment.is_empty() {
            (at < lines.len()).then_some(lines.len())
        } else {
            (at + 1..=lines.len().saturating_sub(segment.len()))
                .find(|&from| lines[from..].starts_with(segment))
        };
        let Some(from) = found else {
            panic!(
                "the README's quote is stale: these lines\n{}\nare not in the output (in order)\n{output}",
                segment.join("\n")
            );
        };
        at = from + segment.len();
    }
    assert_eq!(
        at,
        lines.len(),
        "the output goes on past the README's quote:\n{output}"
    );
}

#[test]
fn the_quote_matcher_rejects_what_differs() {
    let output = "a\nb\nc\nd\n";
    assert_quote_matches("a\nb\nc\nd\n", output);
    assert_quote_matches("a\n…\nd\n", output);
    assert_quote_matches("a\n  …\nc\nd\n", output);
    assert_quote_matches("a\n…\n", output);
    for stale in [
        "a\nb\nc\n",
        "a\nc\nd\n",
        "b\nc\nd\n",
        "a\n…\nb\nd\n",
        "a\nb\n…\nc\nd\n",
        "a\nb\nc\nd\n…\n",
    ] {
        let caught = std::panic::catch_unwind(|| assert_quote_matches(stale, output));
        assert!(caught.is_err(), "{stale:?} passed against {output:?}");
    }
}

#[test]
fn the_analysis_the_readme_shows_is_what_analyse_prints() {
    let readme = readme();
    let command = "cargo run --release --example analyse -- examples/games/Pd83xW5h.pgn";
    let quoted = block_after(&readme, command, "text");
    let output = example("analyse", &["examples/games/Pd83xW5h.pgn"]);
    assert_quote_matches(&quoted, &output);
}

#[test]
fn the_probe_the_readme_shows_is_what_endgame_probe_prints() {
    let readme = readme();
    let probe_line = readme
        .lines()
        .find(|line| line.contains("--example endgame -- probe --dir egdb"))
        .expect("the README's probe command");
    let position = probe_line
        .split('"')
        .nth(1)
        .expect("the probe's quoted position");
    let quoted = block_after(&readme, probe_line, "text");
    let seeds: u32 = position
        .split(' ')
        .next()
        .expect("the board")
        .split([',', '/'])
        .map(|count| count.parse::<u32>().expect("a house's seeds"))
        .sum();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-egdb");
    let _ = std::fs::remove_dir_all(&dir);
    let dir = dir.to_str().expect("a UTF-8 path");
    let max_seeds = seeds.to_string();
    example(
        "endgame",
        &["build", "--dir", dir, "--max-seeds", &max_seeds],
    );
    let output = example("endgame", &["probe", "--dir", dir, "--position", position]);
    assert_quote_matches(&quoted, &output);
}

#[test]
fn the_perft_count_the_readme_gives_is_what_perft_prints() {
    let readme = readme();
    let line = readme
        .lines()
        .find(|line| line.starts_with("cargo run --release --example perft -- 11 "))
        .expect("the README's perft command");
    let said = line.split("# ").nth(1).expect("the count in its comment");
    let output = example("perft", &["11"]);
    assert_eq!(output.trim(), said.trim());
}

/// The quoted outputs of a C or C++ block: the text of each `/* → TEXT */`
/// or `// → TEXT` comment, in order. A line that prints (`puts`, `printf`,
/// `std::cout`, `std::cerr`) must quote its output so (issue 31: the C
/// block's outputs were plain comments that no test compared).
fn c_quotes(block: &str) -> Vec<String> {
    let mut quotes = Vec::new();
    for line in block.lines() {
        let quote = if let Some((_, rest)) = line.split_once("/* → ") {
            Some(rest.trim_end().trim_end_matches("*/").trim_end().to_owned())
        } else {
            line.split_once("// → ")
                .map(|(_, rest)| rest.trim_end().to_owned())
        };
        let prints = ["puts(", "printf(", "std::cout", "std::cerr"]
            .iter()
            .any(|call| line.contains(call));
        assert!(
            quote.is_some() || !prints,
            "the README's C or C++ block prints with no `→` quote of the output: {line}"
        );
        quotes.extend(quote);
    }
    quotes
}

#[test]
fn the_c_quote_reader_insists_on_a_quote_for_every_print() {
    let block = "int x;\n  puts(a);  /* → one */\n  printf(\"%d\", 2);  /* → 2 */\n  std::cout << 3;  // → 3\n";
    assert_eq!(c_quotes(block), ["one", "2", "3"]);
    for unchecked in [
        "  puts(a);  /* one */\n",
        "  std::cerr << e.what();  // one\n",
    ] {
        assert!(std::panic::catch_unwind(|| c_quotes(unchecked)).is_err());
    }
}

/// Builds the README's block of `language` after `marker` with `compiler`
/// against the debug `liboware_ffi.a`, runs it, and checks that it prints
/// the lines it quotes, in order.
fn check_c_block(marker: &str, language: &str, compiler: &str, standard: &str) {
    let readme = readme();
    let block = block_after(&readme, marker, language);
    let quotes = c_quotes(&block);
    assert!(quotes.len() >= 3, "the {language} block quotes {quotes:?}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let built = Command::new(env!("CARGO"))
        .current_dir(root)
        .args(["build", "--quiet", "-p", "oware-ffi"])
        .status()
        .expect("run cargo build -p oware-ffi");
    assert!(built.success(), "cargo build -p oware-ffi failed");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let library = tmp
        .parent()
        .expect("the target directory")
        .join("debug/liboware_ffi.a");
    let source = tmp.join(format!("readme_block.{language}"));
    let program = tmp.join(format!("readme_block_{language}"));
    std::fs::write(&source, &block).expect("write the block");
    let compiled = Command::new(compiler)
        .args([standard, "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg(format!("-I{}", root.join("include").display()))
        .arg(&source)
        .arg(&library)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&program)
        .output()
        .unwrap_or_else(|e| panic!("run {compiler}: {e}"));
    assert!(
        compiled.status.success(),
        "the README's {language} block does not compile: {}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let output = Command::new(&program).output().expect("run the block");
    assert!(
        output.status.success(),
        "the README's {language} block failed"
    );
    let printed = String::from_utf8(output.stdout).expect("UTF-8 output");
    assert_eq!(
        printed.lines().collect::<Vec<_>>(),
        quotes,
        "the README's {language} block prints other lines than it quotes"
    );
}

#[test]
fn the_c_example_prints_what_the_readme_says() {
    check_c_block("## Use it from C and C++", "c", "cc", "-std=c11");
}

#[test]
fn the_cpp_example_prints_what_the_readme_says() {
    check_c_block("## Use it from C and C++", "cpp", "c++", "-std=c++17");
}
