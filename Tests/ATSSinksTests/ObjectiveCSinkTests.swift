import ATSCode
@testable import ATSSinks
import Testing

@Suite("Objective-C sinks: message sends, #define and NSURLConnection")
struct ObjectiveCSinkTests {
    @Test("openURL: opens outside; a #define reaches NSURLConnection through a request")
    func openAndConnection() {
        let code = """
        #import "FeedLoader.h"

        #define kFeedBase @"http://feeds.sample-news.org"
        static NSString *const kSupportPage = @"http://support.sample-news.org/help";

        @implementation FeedLoader

        - (void)openSupport {
            [[UIApplication sharedApplication] openURL:[NSURL URLWithString:kSupportPage] options:@{} completionHandler:nil];
        }

        - (void)load {
            NSString *path = [kFeedBase stringByAppendingString:@"/latest.xml"];
            NSURLRequest *request = [NSURLRequest requestWithURL:[NSURL URLWithString:path]];
            [NSURLConnection sendAsynchronousRequest:request queue:[NSOperationQueue mainQueue] completionHandler:^(NSURLResponse *r, NSData *d, NSError *e) {}];
        }

        @end
        """
        let found = uses(code, .cFamily)
        #expect(group(found, "http://support.sample-news.org/help") == "opened-outside")
        #expect(loadVia(found, "http://feeds.sample-news.org") == "NSURLConnection sendAsynchronousRequest:")
    }

    @Test("AFNetworking GET:, SDWebImage, a web view's loadRequest:, and DEBUG-only servers")
    func libraries() {
        let code = """
        #ifdef DEBUG
        #define API_HOST @"http://localdev.sample.org"
        #else
        #define API_HOST @"https://api.sample.org"
        #endif
        - (void)go {
            [self.manager GET:@"http://af.sample.org/v1/items" parameters:nil headers:nil progress:nil success:nil failure:nil];
            [self.avatar sd_setImageWithURL:[NSURL URLWithString:@"http://img.sample.org/a.png"]];
            [self.webView loadRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@"http://web.sample.org/"]]];
            [[UIPasteboard generalPasteboard] setString:@"http://copy.sample.org/x"];
            if ([url.absoluteString isEqualToString:@"http://same.sample.org"]) { return; }
        }
        """
        let found = uses(code, .cFamily)
        #expect(loadVia(found, "http://af.sample.org/v1/items") == "AFNetworking GET:")
        #expect(loadKind(found, "http://img.sample.org/a.png") == .network)
        #expect(loadKind(found, "http://web.sample.org/") == .webView)
        #expect(group(found, "http://copy.sample.org/x") == "never-loaded")
        #expect(group(found, "http://same.sample.org") == "never-loaded")
        #expect(group(found, "http://localdev.sample.org") == "never-loaded")
    }

    @Test("a localized URL is the URL: loaded when the web view loads it, text when only a title shows it")
    func localizedURL() {
        let code = """
        - (void)viewDidLoad {
            [super viewDidLoad];
            self.title = NSLocalizedString(@"Privacy Policy", @"Seafile");
            NSURL *url = [NSURL URLWithString:NSLocalizedString(@"http://privacy.sample-drive.org/policy/", @"Seafile")];
            [_webView loadRequest:[NSURLRequest requestWithURL:url]];
            [self.footer setText:NSLocalizedString(@"http://help.sample-drive.org/", @"Seafile")];
        }
        """
        let found = uses(code, .cFamily)
        #expect(loadKind(found, "http://privacy.sample-drive.org/policy/") == .webView)
        #expect(group(found, "http://help.sample-drive.org/") == "never-loaded")
    }
}
