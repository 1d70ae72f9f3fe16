# NOT RUN HERE: written on Linux with no Homebrew and no macOS, so neither `brew install` nor
# `brew test` nor `brew audit` has run on it, and atscheck's Darwin code paths have never been
# compiled (.github/workflows/ci.yml's macOS job is the first place they will be). The repository
# URL is the README's placeholder (ORG); url and sha256 are filled per release from the tag's
# source tarball (`shasum -a 256 v0.1.0.tar.gz`). It builds from source with Homebrew's
# libraries, as the README's "Set up" says for macOS, and installs the man pages and completions
# the binary writes itself (`atscheck manual`, `atscheck completions SHELL`). What was checked
# here: `ruby -c` (syntax), and the `test do` block's two plists linted by the Linux binary
# (exit 1 with [invalid-tls-version], exit 0 with "0 errors").
class Atscheck < Formula
  desc "Would Apple's App Transport Security block this request, and exactly why?"
  homepage "https://github.com/ORG/atscheck"
  url "https://github.com/ORG/atscheck/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "Apache-2.0"
  head "https://github.com/ORG/atscheck.git", branch: "main"

  # Swift 6 (tools version 6.0; developed with 6.3): Xcode 16 or newer.
  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on "curl"
  # `icu4c` is an alias of the current versioned formula (icu4c@NN); a formula in homebrew-core
  # would name the versioned one.
  depends_on "icu4c"
  depends_on "libpsl"
  depends_on "libxml2"
  depends_on "libyaml"
  depends_on "libzip"
  depends_on "openssl@3"

  def install
    # The keg-only libraries' pkg-config files (README: "let pkg-config see the keg-only ones").
    %w[openssl@3 libxml2 icu4c curl].each do |name|
      ENV.prepend_path "PKG_CONFIG_PATH", Formula[name].opt_lib/"pkgconfig"
    end
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "atscheck"
    bin.install ".build/release/atscheck"

    # `atscheck completions bash|zsh|fish` prints each script on standard output.
    generate_completions_from_executable(bin/"atscheck", "completions")
    # `atscheck manual --output-directory DIR` writes atscheck.1 and atscheck-SUBCOMMAND.1.
    (buildpath/"man").mkpath
    system bin/"atscheck", "manual", "--output-directory", buildpath/"man"
    man1.install Dir[buildpath/"man/*.1"]
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/atscheck --version")

    # A fixture in the shape of Policies/fixtures/invalid-tls-version.plist: a misspelt
    # NSExceptionMinimumTLSVersion is an error, and lint exits 1 on an error (README, Exit codes).
    (testpath/"Info.plist").write <<~XML
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
          <key>NSAppTransportSecurity</key>
          <dict>
              <key>NSExceptionDomains</key>
              <dict>
                  <key>api.example.com</key>
                  <dict>
                      <key>NSExceptionMinimumTLSVersion</key>
                      <string>tlsv1.2</string>
                  </dict>
              </dict>
          </dict>
      </dict>
      </plist>
    XML
    output = shell_output("#{bin}/atscheck lint #{testpath}/Info.plist", 1)
    assert_match "[invalid-tls-version]", output

    # A policy without findings passes (exit 0).
    (testpath/"Clean.plist").write <<~XML
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict/></dict></plist>
    XML
    assert_match "0 errors", shell_output("#{bin}/atscheck lint #{testpath}/Clean.plist")
  end
end
