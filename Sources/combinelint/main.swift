import CombineLintKit
import Foundation

// Placeholder entry point; the command-line interface is being built.
print("combinelint")
