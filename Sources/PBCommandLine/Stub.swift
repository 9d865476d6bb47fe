public enum Stub {}
